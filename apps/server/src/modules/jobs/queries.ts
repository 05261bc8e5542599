import type { JobListQuery } from '@fieldplan/shared';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database, JobExceptionsTable, JobsTable } from '../../db/schema.js';
import { fieldError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import type { ExceptionRow, JobRow, LoadedJob } from './presenter.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  cursor: { id: 'problems.list.badCursor' },
});

function anyJobSelect(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('jobs')
    .leftJoin('customers', 'customers.id', 'jobs.customer_id')
    .selectAll('jobs')
    .select('customers.name as customer_name')
    .where('jobs.workspace_id', '=', workspaceId);
}

function jobSelect(db: Kysely<Database>, workspaceId: string) {
  return anyJobSelect(db, workspaceId).where('jobs.deleted_at', 'is', null);
}

export function findJobRow(db: Kysely<Database>, workspaceId: string, id: string): Promise<JobRow | undefined> {
  return jobSelect(db, workspaceId).where('jobs.id', '=', id).executeTakeFirst();
}

export async function assigneesOf(db: Kysely<Database>, jobIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (jobIds.length === 0) return out;
  const rows = await db
    .selectFrom('job_assignees')
    .select(['job_id', 'member_id'])
    .where('job_id', 'in', jobIds)
    .orderBy('job_id')
    .orderBy('position')
    .execute();
  for (const r of rows) out.set(r.job_id, [...(out.get(r.job_id) ?? []), r.member_id]);
  return out;
}

export async function exceptionsOf(db: Kysely<Database>, jobIds: string[]): Promise<Map<string, ExceptionRow[]>> {
  const out = new Map<string, ExceptionRow[]>();
  if (jobIds.length === 0) return out;
  const rows = await db
    .selectFrom('job_exceptions')
    .selectAll()
    .where('job_id', 'in', jobIds)
    .orderBy('job_id')
    .orderBy('occurrence_key')
    .execute();
  for (const r of rows) out.set(r.job_id, [...(out.get(r.job_id) ?? []), r]);
  return out;
}

export async function withDetails(db: Kysely<Database>, rows: JobRow[]): Promise<LoadedJob[]> {
  const ids = rows.map((r) => r.id);
  const [assignees, exceptions] = await Promise.all([assigneesOf(db, ids), exceptionsOf(db, ids)]);
  return rows.map((row) => ({
    row,
    assigneeIds: assignees.get(row.id) ?? [],
    exceptions: exceptions.get(row.id) ?? [],
  }));
}

export async function loadJob(db: Kysely<Database>, workspaceId: string, id: string): Promise<LoadedJob | undefined> {
  const row = await findJobRow(db, workspaceId, id);
  if (!row) return undefined;
  const [loaded] = await withDetails(db, [row]);
  return loaded;
}

/**
 * A job even after its (soft) delete: a message about it may still be owed — a booking request
 * declined because its job was deleted tells the customer (docs/adr/0030).
 */
export async function loadJobEvenDeleted(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<LoadedJob | undefined> {
  const row = await anyJobSelect(db, workspaceId).where('jobs.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [loaded] = await withDetails(db, [row]);
  return loaded;
}

/** Offset paging behind an opaque cursor, so the API's paging shape is the same as customers'. */
function offsetFrom(query: JobListQuery): number {
  if (!query.cursor) return query.offset ?? 0;
  const m = /^o(\d{1,7})$/.exec(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  if (!m) throw fieldError('cursor', text(refusals.cursor));
  return Number(m[1]);
}

export async function listJobs(db: Kysely<Database>, workspaceId: string, query: JobListQuery) {
  let base = jobSelect(db, workspaceId);
  if (query.unscheduled === 'true')
    base = base.where('jobs.start_at', 'is', null).where('jobs.status', '=', 'unscheduled');
  if (query.unscheduled === 'false') base = base.where('jobs.start_at', 'is not', null);
  // The shared waitsForDispatch, as SQL.
  if (query.queue === 'true') base = base.where('jobs.status', '=', 'unscheduled').where('jobs.rrule', 'is', null);
  if (query.queue === 'false')
    base = base.where((eb) => eb.or([eb('jobs.status', '!=', 'unscheduled'), eb('jobs.rrule', 'is not', null)]));
  if (query.status) base = base.where('jobs.status', '=', query.status);
  if (query.customerId) base = base.where('jobs.customer_id', '=', query.customerId);
  if (query.q)
    base = base.where(
      sql<boolean>`lower(jobs.title) like ${`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
    );
  const total = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  const offset = offsetFrom(query);
  const ordered =
    query.unscheduled === 'true' || query.queue === 'true'
      ? base.orderBy('jobs.priority').orderBy('jobs.created_at').orderBy('jobs.id')
      : base
          .orderBy(sql`case when jobs.start_at is null then 0 else 1 end`)
          .orderBy('jobs.start_at', 'desc')
          .orderBy('jobs.created_at', 'desc')
          .orderBy('jobs.id');
  const rows = await ordered.limit(query.limit).offset(offset).execute();
  const next = offset + rows.length;
  return {
    rows,
    total: Number(total.n),
    nextCursor: next < Number(total.n) && rows.length > 0 ? Buffer.from(`o${next}`).toString('base64url') : null,
  };
}

export async function insertJob(trx: Transaction<Database>, row: Insertable<JobsTable>, assigneeIds: string[]) {
  await trx.insertInto('jobs').values(row).execute();
  await replaceAssignees(trx, row.workspace_id, row.id, assigneeIds);
}

export async function replaceAssignees(trx: Transaction<Database>, workspaceId: string, jobId: string, ids: string[]) {
  await trx.deleteFrom('job_assignees').where('job_id', '=', jobId).execute();
  if (ids.length === 0) return;
  await trx
    .insertInto('job_assignees')
    .values(ids.map((member_id, position) => ({ job_id: jobId, member_id, workspace_id: workspaceId, position })))
    .execute();
}

/** Replaces every exception of the job with `rows`. */
export async function replaceExceptions(
  trx: Transaction<Database>,
  jobId: string,
  rows: Insertable<JobExceptionsTable>[],
) {
  await trx.deleteFrom('job_exceptions').where('job_id', '=', jobId).execute();
  if (rows.length > 0) await trx.insertInto('job_exceptions').values(rows).execute();
}

/**
 * The scheduled jobs an iCal link exports: every one of the workspace, or (`memberId`) those the
 * technician is assigned to or was handed an occurrence of, by id.
 */
export function scheduledJobRows(
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string | null,
): Promise<JobRow[]> {
  let query = jobSelect(db, workspaceId).where('jobs.start_at', 'is not', null);
  if (memberId !== null) {
    query = query.where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('job_assignees as a')
            .select('a.job_id')
            .whereRef('a.job_id', '=', 'jobs.id')
            .where('a.member_id', '=', memberId),
        ),
        // An occurrence handed to them out of someone else's series.
        eb.exists(
          eb
            .selectFrom('job_exceptions as x')
            .select('x.job_id')
            .whereRef('x.job_id', '=', 'jobs.id')
            .where('x.assignee_ids', 'like', sql<string>`${`%"${memberId}"%`}`),
        ),
      ]),
    );
  }
  return query.orderBy('jobs.id').execute();
}

/** Ids of the customers among `ids` that have a job assigned to the member (contact visibility). */
export async function customersWithJobsOf(
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('jobs')
    .innerJoin('job_assignees', 'job_assignees.job_id', 'jobs.id')
    .select('jobs.customer_id')
    .distinct()
    .where('jobs.workspace_id', '=', workspaceId)
    .where('jobs.deleted_at', 'is', null)
    .where('job_assignees.member_id', '=', memberId)
    .where('jobs.customer_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.customer_id).filter((id): id is string => id !== null));
}

/**
 * A visit's status, times and site as a tracking page shows them: the job's row, with the occurrence's
 * exception when `occurrenceKey` names one (null: a one-off job).
 */
export function visitOfJob(db: Kysely<Database>, workspaceId: string, jobId: string, occurrenceKey: number | null) {
  return db
    .selectFrom('jobs')
    .leftJoin('job_exceptions', (join) =>
      join.onRef('job_exceptions.job_id', '=', 'jobs.id').on('job_exceptions.occurrence_key', '=', occurrenceKey ?? -1),
    )
    .select([
      'jobs.status',
      'jobs.start_at',
      'jobs.end_at',
      'jobs.lat',
      'jobs.lng',
      'jobs.rrule',
      'job_exceptions.kind as exception_kind',
      'job_exceptions.status as exception_status',
      'job_exceptions.start_at as exception_start',
      'job_exceptions.end_at as exception_end',
    ])
    .where('jobs.id', '=', jobId)
    .where('jobs.workspace_id', '=', workspaceId)
    .where('jobs.deleted_at', 'is', null)
    .executeTakeFirst();
}
