import type { Kysely } from 'kysely';

// One lease row per named background task (db/periodic.ts, docs/adr/0031-shared-state-and-background-work.md):
// N processes share one schedule, so a task runs once per period across all of them, and a process that
// dies mid-run lets go of it when its lease expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('periodic_runs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('next_run_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('last_started_at', 'bigint')
    .addColumn('last_finished_at', 'bigint')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('periodic_runs').execute();
}
