import type { Kysely } from 'kysely';

// "Optimise a day" (docs/adr/0012-optimise-a-day.md): a one-off visit's flexible time — the window (instants, epoch ms like
// start_at) the optimiser may move it within. Both null: the time is fixed.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema.alterTable('jobs').addColumn('flex_start_at', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('flex_end_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('flex_end_at').execute();
  await db.schema.alterTable('jobs').dropColumn('flex_start_at').execute();
}
