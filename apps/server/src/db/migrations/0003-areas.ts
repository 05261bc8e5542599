import type { Kysely } from 'kysely';
import { createIndex, notNull, required, versioned, workspaceEntity } from './ddl.js';

// Service areas. The shape is GeoJSON (or our circle) as text; its bounding box is kept in
// columns so a later "which areas hold this point" query can narrow by index before reading shapes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_areas')
    .$call(workspaceEntity)
    .addColumn('name', 'text', notNull)
    // Lower-cased, accent-free name: the list's order.
    .addColumn('sort_name', 'text', notNull)
    .addColumn('colour', 'text', notNull)
    // 'Polygon' | 'MultiPolygon' | 'Circle'
    .addColumn('kind', 'text', notNull)
    .addColumn('geometry', 'text', notNull)
    .addColumn('vertex_count', 'integer', notNull)
    .$call(required('double precision', 'south', 'west', 'north', 'east'))
    .$call(versioned)
    .execute();
  await createIndex(db, 'service_areas_workspace_name', 'service_areas', ['workspace_id', 'sort_name', 'id']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_areas').execute();
}
