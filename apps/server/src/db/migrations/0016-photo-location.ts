import type { Kysely } from 'kysely';

// Where a photo was taken (docs/PRODUCT.md, "Work record"): kept only when the workspace chooses to keep
// photo locations (off by default, so a technician's whereabouts stay out of the record unless asked).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('keep_photo_location', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('photos').addColumn('lat', 'double precision').execute();
  await db.schema.alterTable('photos').addColumn('lng', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('photos').dropColumn('lng').execute();
  await db.schema.alterTable('photos').dropColumn('lat').execute();
  await db.schema.alterTable('workspaces').dropColumn('keep_photo_location').execute();
}
