import type { Kysely } from 'kysely';
import { createIndex, notNull, ownedBy, primaryKey, required, type Table, workspaceId } from './ddl.js';

/** A member's position fix, as both location tables keep it. */
const fix = <C extends string>(t: Table<C>) =>
  t
    .$call(workspaceId)
    .addColumn('member_id', 'text', ownedBy('memberships'))
    .$call(required('double precision', 'lat', 'lng', 'accuracy_m'))
    .addColumn('heading', 'double precision')
    // When the fix was taken (the device's clock, bounded) and when it arrived (ours).
    .$call(required('bigint', 'at', 'received_at'));

// Live locations, and the per-install value the embedded realtime server's secret derives from.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every accepted ping (30 days of history, docs/PRODUCT.md, "Limits").
  await db.schema.createTable('location_pings').$call(fix).execute();
  await createIndex(db, 'location_pings_member_at', 'location_pings', ['workspace_id', 'member_id', 'at']);
  await createIndex(db, 'location_pings_received', 'location_pings', ['received_at']);

  // The latest position per member; `received_at` also carries the 1-per-5-s limit across processes.
  await db.schema
    .createTable('location_latest')
    .$call(fix)
    .addPrimaryKeyConstraint('location_latest_pk', ['workspace_id', 'member_id'])
    .execute();

  // Random values made once per install (shared by every process on this database), e.g. the seed of
  // the embedded realtime server's secret. Never logged, never sent to a browser.
  await db.schema
    .createTable('install_secrets')
    .addColumn('name', 'text', primaryKey)
    .addColumn('value', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['install_secrets', 'location_latest', 'location_pings']) {
    await db.schema.dropTable(table).execute();
  }
}
