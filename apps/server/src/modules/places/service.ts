import { type Place, type PlacesNotice, placeLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { normalizeText } from '../../lib/text.js';
import { type CustomerMatchCache, customerMatchCache } from '../customers/index.js';
import { activeMemberMapSettings } from '../members/index.js';
import { cityIndex, foldedCountryName, foldText } from './city-index.js';
import type { Geocoder } from './geocoder/geocoder.js';
import type { GeocodedPlace } from './geocoder/types.js';
import { type Candidate, type LatLng, rankPlaces } from './rank.js';

export interface PlacesSearch {
  userId: string;
  q: string;
  workspaceId?: string | undefined;
  /** The caller's language (`en`, `de` …) for the geocoder's names. */
  lang?: string | undefined;
}

export interface PlacesAnswer {
  places: Place[];
  /** Set when a configured geocoder gave nothing: the answer is the built-in index's alone. */
  notice?: PlacesNotice;
}

/** How many customers are looked at to rank a query (prefix matches first). */
const customerCandidates = 50;
/** Shorter queries are answered from the built-in index only (they find too much to be useful). */
const geocoderQueryMin = 3;

/**
 * Places for an address field (docs/PRODUCT.md, "Places"), at most 10: the workspace's customers
 * whose address or name starts with what was typed, then world cities and the geocoder's streets
 * and places (when one is configured) ranked together by name, size and distance from the
 * workspace's map centre, then other customers containing it. Fewer than 2 characters find
 * nothing. `workspaceId` adds customers and the map centre only when the caller is an active
 * member of it; otherwise it is ignored. `customerMatches` is this process's list of the workspaces'
 * customers (only searches with a workspace use it).
 */
export async function searchPlaces(
  db: Kysely<Database>,
  { userId, q, workspaceId, lang }: PlacesSearch,
  geocoder: Geocoder | null,
  customerMatches?: CustomerMatchCache,
): Promise<PlacesAnswer> {
  const text = q.trim();
  const foldedText = foldText(text);
  if (foldedText.length < placeLimits.queryMin) return { places: [] };
  // "Berlin, de": the name, then a country (code or English name) that the cities must be in.
  const comma = text.indexOf(',');
  const [namePart = '', countryPart = ''] = comma < 0 ? [text] : text.split(',', 2);
  const folded = comma < 0 ? foldedText : foldText(namePart);

  // One read: membership (never remembered: docs/adr/0024-session-read-cache.md), the map centre and
  // the change counter that says whether the customers kept in memory are current
  // (docs/adr/0037-customer-match-cache.md).
  const settings = workspaceId === undefined ? undefined : await activeMemberMapSettings(db, userId, workspaceId);
  const member = settings !== undefined && workspaceId !== undefined;
  const near = settings === undefined ? undefined : mapCentre(settings.map);
  const geocoding =
    geocoder && foldedText.length >= geocoderQueryMin
      ? geocoder.search({ q: text, limit: placeLimits.results, near, lang }, userId)
      : null;
  const customers = member
    ? await workspaceCustomers(db, workspaceId, settings.changeSeq, text, customerMatches)
    : { prefix: [], other: [] };

  const candidates: Candidate[] =
    folded.length < placeLimits.queryMin
      ? []
      : (await cityIndex()).search(folded, placeLimits.results, foldText(countryPart)).map((city) => ({
          place: {
            id: `city:${city.id}`,
            label: city.name,
            secondary: city.countryName,
            lat: city.lat,
            lng: city.lng,
            source: 'city',
          },
          folded: { label: city.folded, secondary: foldedCountryName(city.country) },
          countryCode: city.country,
          population: city.population,
        }));
  const geocoded = geocoding ? await geocoding : { places: [] };
  for (const g of geocoded.places) candidates.push(geocodedCandidate(g));
  const taken = new Set<string>();
  for (const c of customers.prefix) taken.add(foldText(c.label));
  for (const c of customers.other) taken.add(foldText(c.label));
  const places = [...customers.prefix, ...rankPlaces(folded, candidates, near, taken), ...customers.other];
  return {
    places: places.slice(0, placeLimits.results),
    ...(geocoded.notice !== undefined && { notice: geocoded.notice }),
  };
}

async function workspaceCustomers(
  db: Kysely<Database>,
  workspaceId: string,
  changeSeq: number | undefined,
  text: string,
  matches: CustomerMatchCache = uncached,
) {
  const customers: { prefix: Place[]; other: Place[] } = { prefix: [], other: [] };
  const wanted = normalizeText(text);
  for (const c of await matches.matching(db, workspaceId, changeSeq, text, customerCandidates)) {
    const place: Place = {
      id: `customer:${c.id}`,
      label: c.address,
      secondary: c.name,
      lat: c.lat,
      lng: c.lng,
      source: 'customer',
    };
    const prefix = c.foldedAddress.startsWith(wanted) || c.foldedName.startsWith(wanted);
    customers[prefix ? 'prefix' : 'other'].push(place);
  }
  return customers;
}

/**
 * A geocoder result as a candidate, its label and secondary folded once: a cached answer is the same
 * objects each time it is served, so repeated searches (the cache's whole point) fold nothing.
 */
const geocodedCandidates = new WeakMap<GeocodedPlace, Candidate>();
function geocodedCandidate(g: GeocodedPlace): Candidate {
  let candidate = geocodedCandidates.get(g);
  if (candidate === undefined) {
    const source = g.kind === 'city' ? 'city' : 'address';
    // Frozen: the same place objects go into every answer that serves this cached result.
    candidate = Object.freeze({
      place: Object.freeze({ id: g.id, label: g.label, secondary: g.secondary, lat: g.lat, lng: g.lng, source }),
      folded: Object.freeze({ label: foldText(g.label), secondary: foldText(g.secondary) }),
      countryCode: g.countryCode,
    });
    geocodedCandidates.set(g, candidate);
  }
  return candidate;
}

/** For callers without a process's list: every search asks the database (no list is ever kept). */
const uncached = customerMatchCache({ maxRows: 0 });

/** Map settings (as stored) and their centre, for the last workspaces asked: read every time, parsed once. */
const centres = new Map<string, Readonly<LatLng> | undefined>();
const centresMax = 100;

/** The centre of the workspace's map (its settings as stored), which ranks nearer places first. */
function mapCentre(map: string): LatLng | undefined {
  if (centres.has(map)) return centres.get(map);
  const { center } = JSON.parse(map) as { center?: LatLng };
  if (centres.size >= centresMax) centres.clear();
  const centre = center && Object.freeze({ lat: center.lat, lng: center.lng });
  centres.set(map, centre);
  return centre;
}
