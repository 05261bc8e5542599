import { z } from 'zod';
import { type GeocodedPlace, type GeocoderApi, geocodedPlace } from './types.js';

// Nominatim's `/search?format=jsonv2` (nominatim.org/release-docs/latest/api/Search/): an array of
// places with string coordinates and, with `addressdetails=1`, the address broken into parts.
const text = z.string().max(300).optional().catch(undefined);
const placeSchema = z.object({
  osm_type: z.enum(['node', 'way', 'relation']),
  osm_id: z.number().int(),
  lat: z.coerce.number(),
  lon: z.coerce.number(),
  name: text,
  addresstype: text,
  address: z
    .object({
      house_number: text,
      road: text,
      postcode: text,
      city: text,
      town: text,
      village: text,
      hamlet: text,
      state: text,
      country: text,
      country_code: text,
    })
    .default({}),
});

const settlements = new Set(['city', 'town', 'village', 'hamlet', 'municipality', 'county', 'state', 'country']);
const typeLetter = { node: 'N', way: 'W', relation: 'R' } as const;

export const nominatimApi: GeocoderApi = {
  url(base, { q, limit, near, lang }) {
    const url = new URL('search', base.href.endsWith('/') ? base : `${base.href}/`);
    url.searchParams.set('format', 'jsonv2');
    url.searchParams.set('addressdetails', '1');
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    // Nominatim has no focus point: a preferred (not bounding) box of ±1° around the centre.
    if (near) {
      const box = [near.lng - 1, near.lat + 1, near.lng + 1, near.lat - 1].map((v) => v.toFixed(2));
      url.searchParams.set('viewbox', box.join(','));
    }
    if (lang) url.searchParams.set('accept-language', lang);
    return url;
  },
  parse(body) {
    if (!Array.isArray(body)) throw new Error('not a Nominatim result list');
    const places: GeocodedPlace[] = [];
    for (const raw of body.slice(0, 100)) {
      const parsed = placeSchema.safeParse(raw);
      if (!parsed.success) continue;
      const { osm_type, osm_id, lat, lon, name, addresstype, address: a } = parsed.data;
      const place = geocodedPlace({
        id: `osm:${typeLetter[osm_type]}${osm_id}`,
        kind: settlements.has(addresstype ?? '') ? 'city' : 'address',
        lat,
        lng: lon,
        name,
        street: a.road,
        housenumber: a.house_number,
        postcode: a.postcode,
        city: a.city ?? a.town ?? a.village ?? a.hamlet,
        state: a.state,
        country: a.country,
        countryCode: a.country_code,
      });
      if (place) places.push(place);
    }
    return places;
  },
};
