import { expandSeries, type OccurrenceException, overlapsRange } from '../recurrence/expand.js';
import { type JobStatus, occurrenceStatus } from '../schemas/jobs.js';

/** A range as instants (epoch ms), end exclusive. */
export interface InstantRange {
  start: number;
  end: number;
}

/** A changed or deleted occurrence of a series, in the series' units (see `ScheduleJob`). */
export interface VisitException extends OccurrenceException {
  /** The occurrence's own technicians, or null for the series'. */
  assigneeIds: readonly string[] | null;
  /** The occurrence's own status, or null for the series'. */
  status: JobStatus | null;
}

/** What a visit tells of its job (all the calendar feed sends of it). */
export interface VisitJob {
  id: string;
  title: string;
  priority: number;
  /** The job's version (a series' for its occurrences). */
  version: number;
  customerId: string | null;
  customerName: string | null;
  address: string;
  /** The site (WGS84), or null when the job has no position. */
  lat: number | null;
  lng: number | null;
}

/**
 * A scheduled job as the schedule model reads it. Times are epoch ms: instants when timed, dates
 * as UTC midnights (end exclusive) when all-day — the units of the recurrence module.
 */
export interface ScheduleJob extends VisitJob {
  status: JobStatus;
  start: number;
  end: number;
  allDay: boolean;
  /** Null for a one-off job. */
  rrule: string | null;
  assigneeIds: readonly string[];
  /** Where "optimise a day" may move a one-off visit (instants); null: the time is fixed. */
  flexibleWindow: InstantRange | null;
  /** A series' changed and deleted occurrences (empty for a one-off job). */
  exceptions: readonly VisitException[];
}

/**
 * One visit: a one-off job, or one occurrence of a series with its exception applied. What the
 * calendar, my day, travel and the double-booking check all mean by "a job at a time".
 */
export interface Visit<J extends VisitJob = ScheduleJob> {
  /** The job id, or `jobId:occurrenceKey` (key in ms) for an occurrence: the calendar feed's event id. */
  id: string;
  /** The job (series) this is a visit of: its title, customer, site, priority and version. */
  job: J;
  /** The occurrence's original start (ms, the job's units); null for a one-off job. */
  occurrenceKey: number | null;
  /** In the job's units: instants, or UTC-midnight dates (end exclusive) when all-day. */
  start: number;
  end: number;
  allDay: boolean;
  status: JobStatus;
  /** The visit's own technicians, in order (the first one's colour paints it). */
  assigneeIds: readonly string[];
  /**
   * "Optimise a day" may move it within its job's `flexibleWindow`: only a one-off visit can be
   * flexible, occurrences of a series never are.
   */
  flexible: boolean;
  /**
   * Ids of other jobs' visits sharing a technician at an overlapping time, and of busy time it lies
   * on (double bookings; `markDoubleBookings` fills it, empty until then). Sorted.
   */
  overlapsWith: readonly string[];
}

const noOverlaps: readonly string[] = Object.freeze([]);

/**
 * An occurrence's technicians and status: its exception's own when set, else the series' (where an
 * unscheduled series' occurrence that has technicians counts as scheduled).
 */
export function occurrenceState(
  job: Pick<ScheduleJob, 'status' | 'assigneeIds'>,
  exception: Pick<VisitException, 'assigneeIds' | 'status'> | null,
): { assigneeIds: readonly string[]; status: JobStatus } {
  const assigneeIds = exception?.assigneeIds ?? job.assigneeIds;
  return { assigneeIds, status: occurrenceStatus(job.status, exception?.status ?? null, assigneeIds.length > 0) };
}

/**
 * The visits of one job that overlap `range` (all-day dates read as local days of `zone`), recurring
 * jobs expanded in `zone` (wall-clock across DST) with their exceptions applied, in start order.
 */
export function visitsOf<J extends ScheduleJob>(job: J, zone: string, range: InstantRange): Visit<J>[] {
  const out: Visit<J>[] = [];
  addVisits(job, zone, range, out);
  return out;
}

/** `visitsOf`, appended to `out`: the feed's hot loop makes no array or object per job beyond the visits. */
function addVisits<J extends ScheduleJob>(job: J, zone: string, range: InstantRange, out: Visit<J>[]): void {
  const { allDay } = job;
  if (job.rrule === null) {
    if (!overlapsRange(allDay, job.start, job.end, zone, range.start, range.end)) return;
    out.push({
      id: job.id,
      job,
      occurrenceKey: null,
      start: job.start,
      end: job.end,
      allDay,
      status: job.status,
      assigneeIds: job.assigneeIds,
      flexible: job.flexibleWindow !== null,
      overlapsWith: noOverlaps,
    });
    return;
  }
  const series = { start: job.start, end: job.end, allDay, rrule: job.rrule };
  for (const o of expandSeries(series, job.exceptions, zone, range.start, range.end)) {
    // occurrenceState, inlined: no object per occurrence.
    const assigneeIds = o.exception?.assigneeIds ?? job.assigneeIds;
    out.push({
      id: `${job.id}:${o.key}`,
      job,
      occurrenceKey: o.key,
      start: o.start,
      end: o.end,
      allDay,
      status: occurrenceStatus(job.status, o.exception?.status ?? null, assigneeIds.length > 0),
      assigneeIds,
      flexible: false,
      overlapsWith: noOverlaps,
    });
  }
}

/** Visits in the feed's order: by start, then by id. */
export const byStartThenId = (a: Visit<VisitJob>, b: Visit<VisitJob>): number =>
  a.start - b.start || (a.id < b.id ? -1 : 1);

/** Every visit of the jobs within `range`, in the feed's order (double bookings not yet marked). */
export function visitsInRange<J extends ScheduleJob>(jobs: Iterable<J>, zone: string, range: InstantRange): Visit<J>[] {
  const out: Visit<J>[] = [];
  for (const job of jobs) addVisits(job, zone, range, out);
  return out.sort(byStartThenId);
}
