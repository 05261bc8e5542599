import type { Kysely } from 'kysely';

// Live locations, and the per-install value the embedded realtime server's secret derives from.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every accepted ping (30 days of history, docs/PRODUCT.md, "Limits").
  await db.schema
    .createTable('location_pings')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('accuracy_m', 'double precision', (c) => c.notNull())
    .addColumn('heading', 'double precision')
    // When the fix was taken (the device's clock, bounded) and when it arrived (ours).
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('location_pings_member_at')
    .on('location_pings')
    .columns(['workspace_id', 'member_id', 'at'])
    .execute();
  await db.schema.createIndex('location_pings_received').on('location_pings').column('received_at').execute();

  // The latest position per member; `received_at` also carries the 1-per-5-s limit across processes.
  await db.schema
    .createTable('location_latest')
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('accuracy_m', 'double precision', (c) => c.notNull())
    .addColumn('heading', 'double precision')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('location_latest_pk', ['workspace_id', 'member_id'])
    .execute();

  // Random values made once per install (shared by every process on this database), e.g. the seed of
  // the embedded realtime server's secret. Never logged, never sent to a browser.
  await db.schema
    .createTable('install_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['install_secrets', 'location_latest', 'location_pings']) {
    await db.schema.dropTable(table).execute();
  }
}
