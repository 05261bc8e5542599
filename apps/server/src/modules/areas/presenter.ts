import type { Area, AreaGeometry } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { ServiceAreasTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';

export type AreaRow = Selectable<ServiceAreasTable>;

export function presentArea(row: AreaRow): Area {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    geometry: JSON.parse(row.geometry) as AreaGeometry,
    vertexCount: Number(row.vertex_count),
    version: Number(row.version),
    createdAt: iso(Number(row.created_at)),
    updatedAt: iso(Number(row.updated_at)),
  };
}
