import type { Kysely } from 'kysely';
import {
  createIndex,
  notNull,
  optional,
  ownedBy,
  parentWorkspaceId,
  required,
  timestamps,
  versioned,
  workspaceEntity,
} from './ddl.js';

// Customers, jobs, their technicians and recurring-job exceptions. Types both dialects
// share only: instants are bigint epoch ms, flags are integers or nullable instants (docs/adr/0003).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('customers')
    .$call(workspaceEntity)
    .addColumn('name', 'text', notNull)
    .$call(optional('text', 'email', 'phone'))
    .addColumn('address', 'text', notNull)
    .$call(required('double precision', 'lat', 'lng'))
    .addColumn('notes', 'text', notNull)
    // Lower-cased, accent-free name (sort order) and name, address and phone (search).
    .$call(required('text', 'sort_name', 'search_text'))
    .$call(versioned)
    .addColumn('deleted_at', 'bigint')
    .execute();
  await createIndex(db, 'customers_workspace_name', 'customers', ['workspace_id', 'sort_name', 'id']);

  await db.schema
    .createTable('jobs')
    .$call(workspaceEntity)
    .addColumn('customer_id', 'text', (c) => c.references('customers.id'))
    .$call(required('text', 'title', 'description', 'address'))
    .$call(optional('double precision', 'lat', 'lng'))
    // First occurrence: instants, or dates as UTC-midnight ms when all_day = 1. Null: unscheduled.
    .$call(optional('bigint', 'start_at', 'end_at'))
    .addColumn('all_day', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    .addColumn('priority', 'integer', notNull)
    .addColumn('rrule', 'text')
    // For a series: the span of all its occurrences and moved exceptions (range queries).
    .$call(optional('bigint', 'span_start_at', 'span_end_at'))
    .addColumn('version', 'integer', notNull)
    .addColumn('created_by', 'text')
    .$call(timestamps)
    .addColumn('deleted_at', 'bigint')
    .execute();
  await createIndex(db, 'jobs_workspace_start', 'jobs', ['workspace_id', 'start_at', 'end_at']);
  await createIndex(db, 'jobs_workspace_span', 'jobs', ['workspace_id', 'span_end_at']);
  await createIndex(db, 'jobs_workspace_status', 'jobs', ['workspace_id', 'status']);
  await createIndex(db, 'jobs_customer', 'jobs', ['customer_id']);

  await db.schema
    .createTable('job_assignees')
    .addColumn('job_id', 'text', ownedBy('jobs'))
    .addColumn('member_id', 'text', ownedBy('memberships'))
    .$call(parentWorkspaceId)
    .addColumn('position', 'integer', notNull)
    .addPrimaryKeyConstraint('job_assignees_pk', ['job_id', 'member_id'])
    .execute();
  await createIndex(db, 'job_assignees_member', 'job_assignees', ['member_id']);

  await db.schema
    .createTable('job_exceptions')
    .addColumn('job_id', 'text', ownedBy('jobs'))
    // The occurrence's original start (instant, or date ms for all-day series).
    .addColumn('occurrence_key', 'bigint', notNull)
    .$call(parentWorkspaceId)
    .addColumn('kind', 'text', notNull)
    .$call(optional('bigint', 'start_at', 'end_at'))
    .$call(optional('text', 'assignee_ids', 'status'))
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('job_exceptions_pk', ['job_id', 'occurrence_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['job_exceptions', 'job_assignees', 'jobs', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
