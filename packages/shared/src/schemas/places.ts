import { z } from 'zod';
import { positionFields } from './entity-fields.js';

export const placeLimits = { queryMax: 200, queryMin: 2, results: 10 } as const;

export const placesQuerySchema = z.object({
  /** What was typed; fewer than 2 characters (after trimming) answers an empty list. */
  q: z
    .string({ error: 'Search is required' })
    .max(placeLimits.queryMax, { error: `Search must be at most ${placeLimits.queryMax} characters` }),
  /** A workspace id: adds that workspace's customer addresses when the caller is a member. */
  ws: z.string().max(64, { error: 'Workspace id is too long' }).optional(),
});
export type PlacesQuery = z.infer<typeof placesQuerySchema>;

/** `address`: a street, house or named place from the server's OpenStreetMap geocoder. */
export const placeSources = ['customer', 'city', 'address'] as const;
export type PlaceSource = (typeof placeSources)[number];

export const placeSchema = z.object({
  id: z.string(),
  /** The address or city name, as it fills an address field. */
  label: z.string(),
  /** The customer's name, or a city's or address's region and country. */
  secondary: z.string(),
  ...positionFields,
  source: z.enum(placeSources),
});
export type Place = z.infer<typeof placeSchema>;
export const placesSchema = z.array(placeSchema);

/**
 * The response header saying what a places answer lacks (the body stays the list):
 * `geocoder_unavailable` — the street geocoder could not be used; `geocoder_busy` — it had no free
 * request slot in time. Cities and customers are there either way.
 */
export const placesNoticeHeader = 'fieldplan-notice';
export const placesNotices = ['geocoder_unavailable', 'geocoder_busy'] as const;
export type PlacesNotice = (typeof placesNotices)[number];

const degrees = (label: string, limit: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(-limit, { error: `${label} must be between -${limit} and ${limit}` })
    .max(limit, { error: `${label} must be between -${limit} and ${limit}` });

/** The view of a map that wants place names drawn on its offline base map. */
export const placeLabelsQuerySchema = z.object({
  south: degrees('South', 90),
  west: degrees('West', 180),
  north: degrees('North', 90),
  east: degrees('East', 180),
});
export type PlaceLabelsQuery = z.infer<typeof placeLabelsQuerySchema>;

export const placeLabelSchema = z.object({
  id: z.string(),
  name: z.string(),
  ...positionFields,
  population: z.number().int(),
});
export type PlaceLabel = z.infer<typeof placeLabelSchema>;
export const placeLabelsSchema = z.array(placeLabelSchema);
