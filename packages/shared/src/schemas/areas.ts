import { z } from 'zod';
import { type AreaGeometry, geometryIssues, geometryLimits } from '../geo/index.js';
import { positionSchema, versionedFields } from './entity-fields.js';
import { colourField, oneLineText } from './fields.js';

export const areaLimits = { nameMax: 80, perWorkspace: 200, ...geometryLimits } as const;

/**
 * A service area's shape as sent: checked by `geometryIssues` (one rule set for the server and the
 * editor), so a broken 5,000-vertex polygon answers a few precise messages, not thousands.
 */
export const areaGeometryField = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: 'Geometry is required' });
      return;
    }
    for (const issue of geometryIssues(value))
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  })
  .transform((value) => value as AreaGeometry)
  .meta({
    description:
      'GeoJSON Polygon or MultiPolygon ([longitude, latitude] positions; closed rings of ≥ 4 positions that ' +
      'do not cross; ≤ 5,000 vertices), or {"type": "Circle", "center": {"lat", "lng"}, "radiusM": 50–200000}',
  });

const position = z.tuple([z.number(), z.number()]);
/** The shape as answered (already valid). */
export const areaGeometrySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(position)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(position))) }),
  z.object({
    type: z.literal('Circle'),
    center: positionSchema,
    radiusM: z.number(),
  }),
]);

const areaName = oneLineText('Name', areaLimits.nameMax);

export const areaCreateSchema = z.strictObject({ name: areaName, colour: colourField, geometry: areaGeometryField });
export type AreaCreate = z.infer<typeof areaCreateSchema>;

export const areaPatchSchema = areaCreateSchema.partial();
export type AreaPatch = z.infer<typeof areaPatchSchema>;

export const areaSchema = z.object({
  id: z.string(),
  name: z.string(),
  colour: z.string(),
  geometry: areaGeometrySchema,
  /** Polygon vertices (closing positions not counted); 0 for a circle. */
  vertexCount: z.number().int(),
  ...versionedFields,
});
export type Area = z.infer<typeof areaSchema>;
export const areaListSchema = z.array(areaSchema);
