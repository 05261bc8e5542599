import {
  type Booked,
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
  parseJobTime,
  scheduleJobOf,
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
export function rangeFilterOf(args: CalendarRangeArgs, zone: string): RangeFilter {
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

/**
 * A cached event as the double-booking checks read it. Unlike the shared `visitOfCalendarEvent` it
 * never throws: a time it can't read (none the feed sends) just overlaps nothing, and a realtime
 * change keeps reaching the cache.
 */
function bookedOf(e: CalendarEvent): Booked {
  const time = (value: string) => parseJobTime(value, e.allDay) ?? Number.NaN;
  const { jobId, status, assigneeIds } = e.extendedProps;
  return {
    id: e.id,
    job: { id: jobId },
    start: time(e.start),
    end: time(e.end),
    allDay: e.allDay,
    status,
    assigneeIds,
  };
}

/**
 * The events of one cached range after a change to one job, without asking the server: the job's
 * old visits leave, its new ones (the shared model's `visitsOf`) come in if they pass the range's
 * filters, and the double-booking marks of the visits they touch are redone with the model's
 * checks. Marks between other jobs are the server's and stay as they were, and events the change
 * doesn't touch stay the very same objects. Only cached events can be found as partners: in a
 * filtered range, a partner the filter hides is not seen (the next fetch brings its mark).
 */
export function applyJobChangeToEvents(
  events: readonly CalendarEvent[],
  change: JobChangeMessage,
  cached: RangeFilter,
  ctx: VisitContext,
  busy: readonly BusyTime[] = [],
): CalendarEvent[] {
  const jobId = change.data.id;
  const job = change.action === 'deleted' ? null : scheduleJobOf(change.data);
  const fresh = job ? visitsOf(job, ctx.zone, cached.range) : [];
  const oldIds = new Set(events.filter((e) => e.extendedProps.jobId === jobId).map((e) => e.id));
  const kept = events.filter((e) => !oldIds.has(e.id));
  const marks = new Map<string, string[]>();
  if (fresh.length > 0) {
    const booked = kept.map(bookedOf);
    for (const n of fresh) {
      const partners = booked.filter((b) => doubleBooks(n, b)).map((b) => b.id);
      marks.set(n.id, [...partners, ...busyUnder(n, busy)]);
      for (const id of partners) marks.set(id, [...(marks.get(id) ?? []), n.id]);
    }
  }
  const next = kept.map((e) => {
    const stale = e.extendedProps.overlapsWith.some((id) => oldIds.has(id));
    const added = marks.get(e.id);
    if (!stale && !added) return e;
    const overlapsWith = [...e.extendedProps.overlapsWith.filter((id) => !oldIds.has(id)), ...(added ?? [])].sort();
    return { ...e, extendedProps: { ...e.extendedProps, overlapsWith } };
  });
  for (const n of fresh) {
    if (!matchesFilter(n, cached)) continue;
    next.push(calendarEventOf({ ...n, overlapsWith: (marks.get(n.id) ?? []).sort() }, ctx.colours));
  }
  return next.sort(byStart);
}

const byStart = (a: CalendarEvent, b: CalendarEvent) =>
  wireTime(a) - wireTime(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/** The feed's order: all-day dates count as UTC midnights, as the server sorts them. */
const wireTime = (e: CalendarEvent) => parseJobTime(e.start, e.allDay) ?? Number.NaN;
