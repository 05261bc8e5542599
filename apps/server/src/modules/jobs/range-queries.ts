import { dayMs } from '@fieldplan/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

// The calendar reads a range's jobs with a handful of index-driven queries (no per-job round trips):
// one-off jobs by (workspace_id, start_at, end_at), series by their span, then the technicians and
// exceptions of exactly those jobs through the same predicates.

/** Slack for all-day dates (UTC-midnight ms) compared with instants: zones are within ±14 h. */
const slack = dayMs;
/** The longest job: an all-day one of 31 days. Timed ones are ≤ 24 h. */
const longestAllDay = 32 * dayMs;

type Jobs = ExpressionBuilder<Database & { j: Database['jobs'] }, 'j'>;

export interface Range {
  start: number;
  end: number;
}

const timedOneOff = (r: Range) => (eb: Jobs) =>
  eb.and([
    eb('j.rrule', 'is', null),
    eb('j.start_at', '>', r.start - dayMs),
    eb('j.start_at', '<', r.end),
    eb('j.end_at', '>', r.start),
    eb('j.all_day', '=', 0),
  ]);

const allDayOneOff = (r: Range) => (eb: Jobs) =>
  eb.and([
    eb('j.rrule', 'is', null),
    eb('j.start_at', '>', r.start - slack - longestAllDay),
    eb('j.start_at', '<', r.end + slack),
    eb('j.end_at', '>', r.start - slack),
    eb('j.all_day', '=', 1),
  ]);

const seriesInRange = (r: Range) => (eb: Jobs) =>
  eb.and([
    eb('j.rrule', 'is not', null),
    eb('j.span_end_at', '>', r.start - slack),
    eb('j.span_start_at', '<', r.end + slack),
  ]);

function jobs(db: Kysely<Database>, workspaceId: string) {
  return db.selectFrom('jobs as j').where('j.workspace_id', '=', workspaceId).where('j.deleted_at', 'is', null);
}

const feedColumns = [
  'j.id',
  'j.title',
  'j.customer_id',
  'j.address',
  'j.lat',
  'j.lng',
  'j.start_at',
  'j.end_at',
  'j.all_day',
  'j.status',
  'j.priority',
  'j.rrule',
  'j.version',
  // The flexible window: the feed marks flexible visits, the optimiser may move them within it.
  'j.flex_start_at',
  'j.flex_end_at',
] as const;

function feedJobs(db: Kysely<Database>, workspaceId: string, where: (eb: Jobs) => ReturnType<Jobs['and']>) {
  return jobs(db, workspaceId)
    .leftJoin('customers as c', 'c.id', 'j.customer_id')
    .select(feedColumns)
    .select('c.name as customer_name')
    .where(where);
}

export type FeedJobRow = Awaited<ReturnType<ReturnType<typeof feedJobs>['execute']>>[number];

/** One-off jobs that may overlap the range (the caller filters exactly). */
export function oneOffJobs(db: Kysely<Database>, workspaceId: string, range: Range) {
  return feedJobs(db, workspaceId, timedOneOff(range))
    .unionAll(feedJobs(db, workspaceId, allDayOneOff(range)))
    .execute();
}

/** Series whose occurrences (or moved exceptions) may reach into the range. */
export function seriesJobs(db: Kysely<Database>, workspaceId: string, range: Range) {
  return feedJobs(db, workspaceId, seriesInRange(range)).execute();
}

function assigneesWhere(db: Kysely<Database>, workspaceId: string, where: (eb: Jobs) => ReturnType<Jobs['and']>) {
  return jobs(db, workspaceId)
    .innerJoin('job_assignees as a', 'a.job_id', 'j.id')
    .select(['a.job_id', 'a.member_id', 'a.position'])
    .where(where);
}

/** Technicians of every job the two queries above return, in order. */
export async function assigneesInRange(db: Kysely<Database>, workspaceId: string, range: Range) {
  const rows = await assigneesWhere(db, workspaceId, timedOneOff(range))
    .unionAll(assigneesWhere(db, workspaceId, allDayOneOff(range)))
    .unionAll(assigneesWhere(db, workspaceId, seriesInRange(range)))
    .execute();
  rows.sort((a, b) => Number(a.position) - Number(b.position));
  const out = new Map<string, string[]>();
  for (const r of rows) {
    const list = out.get(r.job_id);
    if (list) list.push(r.member_id);
    else out.set(r.job_id, [r.member_id]);
  }
  return out;
}

/** Exceptions of the series in range. */
export async function exceptionsInRange(db: Kysely<Database>, workspaceId: string, range: Range) {
  return jobs(db, workspaceId)
    .innerJoin('job_exceptions as e', 'e.job_id', 'j.id')
    .select(['e.job_id', 'e.occurrence_key', 'e.kind', 'e.start_at', 'e.end_at', 'e.assignee_ids', 'e.status'])
    .where(seriesInRange(range))
    .execute();
}

export type FeedExceptionRow = Awaited<ReturnType<typeof exceptionsInRange>>[number];

/**
 * True when a timed one-off job of `memberId`, not cancelled, overlaps the range: a quick "taken" for
 * a booking that lost its slot (series and drive times are left to the full slot check).
 */
export async function memberHasOneOffIn(
  db: Kysely<Database>,
  workspaceId: string,
  memberId: string,
  range: Range,
): Promise<boolean> {
  const row = await db
    .selectFrom('jobs as j')
    .innerJoin('job_assignees as a', 'a.job_id', 'j.id')
    .select('j.id')
    .where('j.workspace_id', '=', workspaceId)
    .where('a.member_id', '=', memberId)
    .where('j.deleted_at', 'is', null)
    .where('j.status', '!=', 'cancelled')
    .where(timedOneOff(range))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
