import { countryName } from '../city-index.js';

/** One geocoder result, already in Fieldplan's words. */
export interface GeocodedPlace {
  /** `osm:` + N/W/R + the OpenStreetMap id: stable across queries, so answers can be deduplicated. */
  id: string;
  /** What fills an address field: "Torstraße 50, 10119 Berlin", or a town's name. */
  label: string;
  /** The region and country ("Berlin, Germany"), or the country. */
  secondary: string;
  lat: number;
  lng: number;
  /** A settlement (city, town, village …) or anything else (a street, a house, a named place). */
  kind: 'city' | 'address';
  /** ISO 3166-1 alpha-2, upper case; empty when the geocoder gave none. */
  countryCode: string;
}

/** What a search is biased by and asked in; part of the cache key. */
export interface GeocodeRequest {
  q: string;
  limit: number;
  /** The workspace's map centre: nearer results first. */
  near?: { lat: number; lng: number } | undefined;
  /** A language Photon names places in (`en`, `de`, `fr`), or none for local names. */
  lang?: string | undefined;
}

/** Speaks one geocoder's API: the request URL for a search, and its answer read into places. */
export interface GeocoderApi {
  url(base: URL, request: GeocodeRequest): URL;
  parse(body: unknown): GeocodedPlace[];
}

/** Countries that write the house number before the street ("50 Main Street"). */
const numberFirst = new Set(['US', 'GB', 'IE', 'CA', 'AU', 'NZ', 'FR', 'BE', 'LU', 'ZA', 'IN', 'SG', 'IL', 'PH']);

/** A result as both APIs describe it, field by field (any may be missing). */
export interface GeocodedParts {
  id: string;
  kind: GeocodedPlace['kind'];
  lat: number;
  lng: number;
  name?: string | undefined;
  street?: string | undefined;
  housenumber?: string | undefined;
  postcode?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  country?: string | undefined;
  /** Either case. */
  countryCode?: string | undefined;
}

/**
 * The place shown for a result: a settlement by its name with its state and country, anything
 * else by its address; null when it has no name to show or no position.
 */
export function geocodedPlace(parts: GeocodedParts): GeocodedPlace | null {
  const { id, kind, lat, lng, name, state } = parts;
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  const countryCode = (parts.countryCode ?? '').toUpperCase();
  const label = kind === 'city' ? (name ?? '') : formatAddress(parts, countryCode);
  if (!label) return null;
  const country = parts.country ?? (countryCode ? countryName(countryCode) : '');
  const region = kind === 'city' && state && state !== name ? state : undefined;
  return { id, label, secondary: [region, country].filter(Boolean).join(', '), lat, lng, kind, countryCode };
}

/** "Torstraße 50, 10119 Berlin" from the parts an address has. */
function formatAddress(parts: GeocodedParts, countryCode: string): string {
  const { name, street, housenumber, postcode, city } = parts;
  const first = numberFirst.has(countryCode);
  const streetLine = street && housenumber ? (first ? `${housenumber} ${street}` : `${street} ${housenumber}`) : street;
  const cityLine = [postcode, city].filter(Boolean).join(' ');
  const lines = [name && name !== street ? name : undefined, streetLine, cityLine];
  return [...new Set(lines.filter((l): l is string => Boolean(l)))].join(', ');
}
