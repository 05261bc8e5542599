import type { Kysely } from 'kysely';

// Service areas. The shape is GeoJSON (or our circle) as text; its bounding box is kept in
// columns so a later "which areas hold this point" query can narrow by index before reading shapes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('service_areas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // Lower-cased, accent-free name: the list's order.
    .addColumn('sort_name', 'text', (c) => c.notNull())
    .addColumn('colour', 'text', (c) => c.notNull())
    // 'Polygon' | 'MultiPolygon' | 'Circle'
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('geometry', 'text', (c) => c.notNull())
    .addColumn('vertex_count', 'integer', (c) => c.notNull())
    .addColumn('south', 'double precision', (c) => c.notNull())
    .addColumn('west', 'double precision', (c) => c.notNull())
    .addColumn('north', 'double precision', (c) => c.notNull())
    .addColumn('east', 'double precision', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('service_areas_workspace_name')
    .on('service_areas')
    .columns(['workspace_id', 'sort_name', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('service_areas').execute();
}
