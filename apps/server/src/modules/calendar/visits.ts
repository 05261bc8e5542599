import {
  type BusyTime,
  type JobStatus,
  markDoubleBookings,
  type ScheduleJob,
  type Visit,
  type VisitException,
  visitsInRange,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { numberOrNull } from '../../lib/numbers.js';
import {
  assigneesInRange,
  exceptionDraftOf,
  exceptionsInRange,
  type FeedJobRow,
  oneOffJobs,
  type Range,
  seriesJobs,
} from '../jobs/index.js';
import { busyBookingsIn } from './busy-overlap.js';

const none: string[] = [];

/** A job row as the shared schedule model reads it (numbers converted once per job, not per visit). */
function scheduleJobOf(row: FeedJobRow, assigneeIds: string[], exceptions: VisitException[]): ScheduleJob {
  return {
    id: row.id,
    title: row.title,
    status: row.status as JobStatus,
    start: Number(row.start_at),
    end: Number(row.end_at),
    allDay: Number(row.all_day) === 1,
    rrule: row.rrule,
    assigneeIds,
    flexibleWindow:
      row.flex_start_at === null || row.flex_end_at === null
        ? null
        : { start: Number(row.flex_start_at), end: Number(row.flex_end_at) },
    exceptions,
    priority: Number(row.priority),
    version: Number(row.version),
    customerId: row.customer_id,
    customerName: row.customer_name,
    address: row.address,
    lat: numberOrNull(row.lat),
    lng: numberOrNull(row.lng),
  };
}

export interface RangeVisitsOptions {
  /** Also mark double bookings, busy time from subscribed calendars included (the calendar feed). */
  doubleBookings?: boolean;
}

/**
 * Every visit of the workspace overlapping the range, in the feed's order (start, then id): the
 * handful of index-driven range queries, then the shared schedule model expands series in `zone`
 * and applies their exceptions. The one reading of "the visits of a range" for the calendar feed,
 * my day and travel, so they all see the same day.
 */
export async function rangeVisits(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
  options: RangeVisitsOptions = {},
): Promise<Visit[]> {
  const [oneOffs, series, assignees, exceptions, busy] = await Promise.all([
    oneOffJobs(db, workspaceId, range),
    seriesJobs(db, workspaceId, range),
    assigneesInRange(db, workspaceId, range),
    exceptionsInRange(db, workspaceId, range),
    options.doubleBookings ? busyBookingsIn(db, workspaceId, zone, range) : ([] as BusyTime[]),
  ]);
  const exceptionsOf = new Map<string, VisitException[]>();
  for (const e of exceptions) {
    const list = exceptionsOf.get(e.job_id);
    if (list) list.push(exceptionDraftOf(e));
    else exceptionsOf.set(e.job_id, [exceptionDraftOf(e)]);
  }
  const jobs: ScheduleJob[] = [];
  for (const row of oneOffs) jobs.push(scheduleJobOf(row, assignees.get(row.id) ?? none, []));
  for (const row of series) {
    jobs.push(scheduleJobOf(row, assignees.get(row.id) ?? none, exceptionsOf.get(row.id) ?? []));
  }
  const visits = visitsInRange(jobs, zone, range);
  if (options.doubleBookings) markDoubleBookings(visits, busy);
  return visits;
}
