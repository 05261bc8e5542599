import { z } from 'zod';
import { type GeocodedPlace, type GeocoderApi, geocodedPlace } from './types.js';

// Photon's `/api` (github.com/komoot/photon, docs/api-v1.md): a GeoJSON FeatureCollection of points.
const text = z.string().max(300).optional().catch(undefined);
const featureSchema = z.object({
  geometry: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) }),
  properties: z.object({
    osm_id: z.number().int(),
    osm_type: z.enum(['N', 'W', 'R']),
    type: text,
    name: text,
    street: text,
    housenumber: text,
    postcode: text,
    city: text,
    district: text,
    state: text,
    country: text,
    countrycode: text,
  }),
});
const collectionSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()).max(100) });

/** Photon's `type` of a settlement; anything else is an address. */
const settlements = new Set(['city', 'town', 'village', 'hamlet', 'locality', 'county', 'state', 'country']);

export const photonApi: GeocoderApi = {
  url(base, { q, limit, near, lang }) {
    const url = new URL('api', base.href.endsWith('/') ? base : `${base.href}/`);
    url.searchParams.set('q', q);
    url.searchParams.set('limit', String(limit));
    if (near) {
      url.searchParams.set('lat', near.lat.toFixed(2));
      url.searchParams.set('lon', near.lng.toFixed(2));
    }
    if (lang) url.searchParams.set('lang', lang);
    return url;
  },
  parse(body) {
    const collection = collectionSchema.safeParse(body);
    if (!collection.success) throw new Error('not a GeoJSON FeatureCollection');
    const places: GeocodedPlace[] = [];
    for (const raw of collection.data.features) {
      const feature = featureSchema.safeParse(raw);
      if (!feature.success) continue;
      const [lng, lat] = feature.data.geometry.coordinates;
      const p = feature.data.properties;
      const place = geocodedPlace({
        ...p,
        id: `osm:${p.osm_type}${p.osm_id}`,
        kind: settlements.has(p.type ?? '') ? 'city' : 'address',
        lat,
        lng,
        countryCode: p.countrycode,
      });
      if (place) places.push(place);
    }
    return places;
  },
};
