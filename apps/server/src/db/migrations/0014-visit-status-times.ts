import type { Kysely } from 'kysely';
import { notNull, visit, workspaceId } from './ddl.js';

// When a visit last went en route, in progress and completed: the work record's times on site
// (docs/PRODUCT.md, "Work record"). occurrence_key is 0 for a one-off job, as in 0012.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('visit_status_times')
    .$call(workspaceId)
    .$call(visit)
    .addColumn('status', 'text', notNull)
    .addColumn('at', 'bigint', notNull)
    .addColumn('member_id', 'text')
    .addPrimaryKeyConstraint('visit_status_times_pk', ['job_id', 'occurrence_key', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visit_status_times').execute();
}
