import {
  type BusyEvent,
  type BusyTime,
  busyUnder,
  byStartThenId,
  dayMs,
  doubleBooks,
  type InstantRange,
  type JobStatus,
  matchesFilter,
  parseDateOnly,
  scheduleJobOf,
  type Visit,
  type VisitJob,
  visitColour,
  visitsOf,
  wallToInstant,
} from '@fieldplan/shared';
import type { CalendarRangeArgs } from './calendar-endpoints';
import type { CalendarVisit } from './calendar-visit';
import type { JobChangeMessage } from './job-change';

// The calendar cache's answer (its visits) to a job change, computed with the shared schedule model
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

/** A visit of the model as the cache holds it: the job's visit fields only, and its colour. */
function cachedVisitOf(
  visit: Visit<VisitJob>,
  overlapsWith: string[],
  colours: ReadonlyMap<string, string>,
): CalendarVisit {
  const { id, title, priority, version, customerId, customerName, address, lat, lng } = visit.job;
  return {
    ...visit,
    job: { id, title, priority, version, customerId, customerName, address, lat, lng },
    overlapsWith,
    colour: visitColour(visit, colours),
  };
}

/**
 * The visits of one cached range after a change to one job, without asking the server: the job's
 * old visits leave, its new ones (the shared model's `visitsOf`) come in if they pass the range's
 * filters, and the double-booking marks of the visits they touch are redone with the model's
 * checks. Marks between other jobs are the server's and stay as they were, and visits the change
 * doesn't touch stay the very same objects. Only cached visits can be found as partners: in a
 * filtered range, a partner the filter hides is not seen (the next fetch brings its mark).
 */
export function applyJobChangeToVisits(
  visits: readonly CalendarVisit[],
  change: JobChangeMessage,
  cached: RangeFilter,
  ctx: VisitContext,
  busy: readonly BusyTime[] = [],
): CalendarVisit[] {
  const jobId = change.data.id;
  const job = change.action === 'deleted' ? null : scheduleJobOf(change.data);
  const fresh = job ? visitsOf(job, ctx.zone, cached.range) : [];
  const oldIds = new Set(visits.filter((v) => v.job.id === jobId).map((v) => v.id));
  const kept = visits.filter((v) => !oldIds.has(v.id));
  const marks = new Map<string, string[]>();
  for (const n of fresh) {
    const partners = kept.filter((b) => doubleBooks(n, b)).map((b) => b.id);
    marks.set(n.id, [...partners, ...busyUnder(n, busy)]);
    for (const id of partners) marks.set(id, [...(marks.get(id) ?? []), n.id]);
  }
  const next = kept.map((v) => {
    const stale = v.overlapsWith.some((id) => oldIds.has(id));
    const added = marks.get(v.id);
    if (!stale && !added) return v;
    return { ...v, overlapsWith: [...v.overlapsWith.filter((id) => !oldIds.has(id)), ...(added ?? [])].sort() };
  });
  for (const n of fresh) {
    if (matchesFilter(n, cached)) next.push(cachedVisitOf(n, (marks.get(n.id) ?? []).sort(), ctx.colours));
  }
  return next.sort(byStartThenId);
}
