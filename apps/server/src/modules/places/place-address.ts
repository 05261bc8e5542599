import type { Config } from '../../config.js';
import { cityIndex, foldText } from './city-index.js';
import { geocoderFromConfig } from './geocoder/from-config.js';
import type { Geocoder } from './geocoder/geocoder.js';

export interface AddressToPlace {
  /** The whole address, as the geocoder is asked. */
  query: string;
  /** Its town and country alone: the built-in city index's answer when there is no geocoder or it finds nothing. */
  city: string;
  country: string;
  near?: { lat: number; lng: number } | undefined;
}

export type PlacedAt = { lat: number; lng: number; precision: 'address' | 'city' };
/** `retry`: the geocoder had no slot or was down; ask again later (the import's geocoding is resumable). */
export type PlaceAnswer = PlacedAt | 'retry' | null;

const shared = new WeakMap<Config, Geocoder | null>();

/**
 * The process's one geocoder client for a configuration, shared by the places search and the
 * import's geocoding so the geocoder's rate limit (one request a second for the public one) holds for both.
 */
export function sharedGeocoder(config: Config, onFailure?: (reason: string) => void): Geocoder | null {
  if (!shared.has(config)) shared.set(config, geocoderFromConfig(config, onFailure));
  return shared.get(config) ?? null;
}

/**
 * Where an address is (docs/PRODUCT.md, "Import"): the geocoder's best street-level answer when one is
 * configured, else the most populous world city of exactly that name (in that country when it is named).
 */
export async function placeAddress(address: AddressToPlace, geocoder: Geocoder | null): Promise<PlaceAnswer> {
  if (geocoder && address.query.trim().length >= 3) {
    const answer = await geocoder.search({ q: address.query, limit: 1, near: address.near });
    const best = answer.places[0];
    if (best) return { lat: best.lat, lng: best.lng, precision: best.kind === 'city' ? 'city' : 'address' };
    if (answer.notice === 'geocoder_busy') return 'retry';
  }
  const city = foldText(address.city);
  if (city.length < 2) return null;
  const index = await cityIndex();
  const exact = (country: string) => index.search(city, 10, country).find((hit) => hit.folded === city);
  const hit = (address.country ? exact(foldText(address.country)) : undefined) ?? exact('');
  return hit ? { lat: hit.lat, lng: hit.lng, precision: 'city' } : null;
}
