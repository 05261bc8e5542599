import {
  type BusyEvent,
  type BusyTime,
  busyUnder,
  type CalendarEvent,
  calendarEventOf,
  dayMs,
  doubleBooks,
  type InstantRange,
  type JobStatus,
  matchesFilter,
  parseDateOnly,
  scheduleJobOf,
  type Visit,
  type VisitJob,
  visitOfCalendarEvent,
  visitsOf,
  wallToInstant,
} from '@fieldplan/shared';
import type { CalendarRangeArgs } from './calendar-endpoints';
import type { JobChangeMessage } from './job-change';

// The calendar cache's answer to a job change, computed with the shared schedule model
// (packages/shared/src/schedule) — the same expansion, marks and filters as the server's feed, which
// apps/server/test/schedule-parity.test.ts checks on the same jobs.

/** What turning a job into visits needs to know about the workspace. */
export interface VisitContext {
  zone: string;
  /** Member id → colour (the first technician's colour paints the visit). */
  colours: ReadonlyMap<string, string>;
}

/** A cached range's bounds and filters, as the feed applied them. */
export interface RangeFilter {
  range: InstantRange;
  technicianId: string | null;
  statuses: readonly JobStatus[];
}

/** A cached range's args as instants and filters (dates are read in the workspace zone, as the server reads them). */
export function rangeFilterOf(args: Omit<CalendarRangeArgs, 'workspaceId'>, zone: string): RangeFilter {
  const start = parseDateOnly(args.start) ?? 0;
  const end = parseDateOnly(args.end) ?? start + dayMs;
  return {
    range: { start: wallToInstant(zone, start), end: wallToInstant(zone, end) },
    technicianId: args.technicianId,
    statuses: args.status ? (args.status.split(',') as JobStatus[]) : [],
  };
}

const instant = (value: string, allDay: boolean, zone: string) =>
  allDay ? wallToInstant(zone, parseDateOnly(value) ?? 0) : Date.parse(value);

/** Busy events as instants: all-day dates are the workspace zone's midnights, as the server reads them. */
export function busyTimesOf(events: readonly BusyEvent[], zone: string): BusyTime[] {
  return events.map((e) => ({
    id: e.id,
    start: instant(e.start, e.allDay, zone),
    end: instant(e.end, e.allDay, zone),
    memberId: e.extendedProps.memberId,
  }));
}

const withMarks = <V extends Visit<VisitJob>>(visit: V, overlapsWith: readonly string[]): V => ({
  ...visit,
  overlapsWith: [...overlapsWith].sort(),
});

/**
 * The visits of one cached range after a change to one job, without asking the server: the job's
 * old visits leave, its new ones (the shared model's `visitsOf`) come in if they pass the range's
 * filters, and the double-booking marks of the visits they touch are redone. Marks between other
 * jobs are the server's and stay as they were. Only visits in the cache can be found as partners:
 * in a filtered range, a partner the filter hides is not seen (the next fetch brings its mark).
 */
export function applyJobChangeToVisits(
  visits: readonly Visit<VisitJob>[],
  change: JobChangeMessage,
  cached: RangeFilter,
  zone: string,
  busy: readonly BusyTime[] = [],
): Visit<VisitJob>[] {
  const jobId = change.data.id;
  const oldIds = new Set(visits.filter((v) => v.job.id === jobId).map((v) => v.id));
  const job = change.action === 'deleted' ? null : scheduleJobOf(change.data);
  const fresh: Visit<VisitJob>[] = job ? visitsOf(job, zone, cached.range) : [];
  const kept = visits.filter((v) => !oldIds.has(v.id));
  const marks = new Map<string, string[]>();
  for (const n of fresh) {
    const partners = kept.filter((v) => doubleBooks(n, v)).map((v) => v.id);
    marks.set(n.id, [...partners, ...busyUnder(n, busy)]);
    for (const id of partners) marks.set(id, [...(marks.get(id) ?? []), n.id]);
  }
  const next = kept.map((v) => {
    const stale = v.overlapsWith.some((id) => oldIds.has(id));
    const added = marks.get(v.id);
    if (!stale && !added) return v;
    return withMarks(v, [...v.overlapsWith.filter((id) => !oldIds.has(id)), ...(added ?? [])]);
  });
  for (const n of fresh) {
    if (matchesFilter(n, cached)) next.push(withMarks(n, marks.get(n.id) ?? []));
  }
  return next.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The same on the feed's wire events (what the calendar cache holds): events the change doesn't
 * touch stay the very same objects, so nothing re-renders them.
 */
export function applyJobChangeToEvents(
  events: readonly CalendarEvent[],
  change: JobChangeMessage,
  cached: RangeFilter,
  ctx: VisitContext,
  busy: readonly BusyTime[] = [],
): CalendarEvent[] {
  const eventOf = new Map<Visit<VisitJob>, CalendarEvent>();
  const visits = events.map((e) => {
    const visit = visitOfCalendarEvent(e);
    eventOf.set(visit, e);
    return visit;
  });
  const otherJobs = new Map(events.filter((e) => e.extendedProps.jobId !== change.data.id).map((e) => [e.id, e]));
  return applyJobChangeToVisits(visits, change, cached, ctx.zone, busy).map((v) => {
    const same = eventOf.get(v);
    if (same) return same;
    const before = otherJobs.get(v.id);
    // Another job's event whose marks changed keeps what the server sent, colour included.
    if (before) return { ...before, extendedProps: { ...before.extendedProps, overlapsWith: [...v.overlapsWith] } };
    return calendarEventOf(v, ctx.colours);
  });
}
