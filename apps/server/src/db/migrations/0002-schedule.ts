import type { Kysely } from 'kysely';

// Customers, jobs, their technicians and recurring-job exceptions. Types both dialects
// share only: instants are bigint epoch ms, flags are integers or nullable instants (docs/adr/0003).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    // Lower-cased, accent-free name (sort order) and name, address and phone (search).
    .addColumn('sort_name', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('customers_workspace_name')
    .on('customers')
    .columns(['workspace_id', 'sort_name', 'id'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision')
    .addColumn('lng', 'double precision')
    // First occurrence: instants, or dates as UTC-midnight ms when all_day = 1. Null: unscheduled.
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint')
    .addColumn('all_day', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('rrule', 'text')
    // For a series: the span of all its occurrences and moved exceptions (range queries).
    .addColumn('span_start_at', 'bigint')
    .addColumn('span_end_at', 'bigint')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('jobs_workspace_start')
    .on('jobs')
    .columns(['workspace_id', 'start_at', 'end_at'])
    .execute();
  await db.schema.createIndex('jobs_workspace_span').on('jobs').columns(['workspace_id', 'span_end_at']).execute();
  await db.schema.createIndex('jobs_workspace_status').on('jobs').columns(['workspace_id', 'status']).execute();
  await db.schema.createIndex('jobs_customer').on('jobs').column('customer_id').execute();

  await db.schema
    .createTable('job_assignees')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('member_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_assignees_pk', ['job_id', 'member_id'])
    .execute();
  await db.schema.createIndex('job_assignees_member').on('job_assignees').column('member_id').execute();

  await db.schema
    .createTable('job_exceptions')
    .addColumn('job_id', 'text', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    // The occurrence's original start (instant, or date ms for all-day series).
    .addColumn('occurrence_key', 'bigint', (c) => c.notNull())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint')
    .addColumn('end_at', 'bigint')
    .addColumn('assignee_ids', 'text')
    .addColumn('status', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_exceptions_pk', ['job_id', 'occurrence_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_exceptions', 'job_assignees', 'jobs', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
