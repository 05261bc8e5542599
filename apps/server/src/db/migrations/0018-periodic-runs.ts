import type { Kysely } from 'kysely';
import { lease, notNull, optional, primaryKey } from './ddl.js';

// One lease row per named background task (db/periodic.ts, docs/adr/0031-shared-state-and-background-work.md):
// N processes share one schedule, so a task runs once per period across all of them, and a process that
// dies mid-run lets go of it when its lease expires.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('periodic_runs')
    .addColumn('name', 'text', primaryKey)
    .addColumn('next_run_at', 'bigint', notNull)
    .$call(lease)
    .$call(optional('bigint', 'last_started_at', 'last_finished_at'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('periodic_runs').execute();
}
