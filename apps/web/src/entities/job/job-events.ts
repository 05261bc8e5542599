import {
  type CalendarEvent,
  expandSeries,
  formatDateOnly,
  type Job,
  type JobStatus,
  occurrenceStatus,
  overlapsRange,
  parseDateOnly,
  parseInstant,
  unassignedColour,
  unassignedResourceId,
} from '@fieldplan/shared';

/** What turning a job into calendar events needs to know about the workspace. */
export interface EventContext {
  zone: string;
  /** Member id → colour (the first technician's colour paints the event). */
  colours: ReadonlyMap<string, string>;
}

/** A range as instants (epoch ms), end exclusive. */
export interface InstantRange {
  start: number;
  end: number;
}

const parseTime = (value: string, allDay: boolean) => (allDay ? parseDateOnly(value) : parseInstant(value));
const format = (ms: number, allDay: boolean) => (allDay ? formatDateOnly(ms) : new Date(ms).toISOString());

function event(
  job: Job,
  ctx: EventContext,
  o: { id: string; key: number | null; start: number; end: number; status: JobStatus; assigneeIds: string[] },
): CalendarEvent {
  const first = o.assigneeIds[0];
  const colour = first === undefined ? unassignedColour : (ctx.colours.get(first) ?? unassignedColour);
  return {
    id: o.id,
    title: job.title,
    start: format(o.start, job.allDay),
    end: format(o.end, job.allDay),
    allDay: job.allDay,
    resourceIds: o.assigneeIds.length > 0 ? o.assigneeIds : [unassignedResourceId],
    backgroundColor: colour,
    borderColor: colour,
    extendedProps: {
      jobId: job.id,
      occurrenceKey: o.key === null ? null : format(o.key, job.allDay),
      version: job.version,
      status: o.status,
      priority: job.priority,
      assigneeIds: o.assigneeIds,
      customerId: job.customerId,
      customerName: job.customerName,
      address: job.address,
      lat: job.lat,
      lng: job.lng,
      recurring: o.key !== null,
      flexible: job.flexibleWindow !== null,
      overlapsWith: [],
    },
  };
}

/**
 * The calendar events of one job within `range`, built exactly as the server's feed builds them
 * (occurrences expanded in the workspace zone with the shared recurrence module, exceptions
 * applied), but with `overlapsWith` empty: double bookings depend on the other jobs in the range.
 */
export function jobEvents(job: Job, ctx: EventContext, range: InstantRange): CalendarEvent[] {
  if (job.start === null || job.end === null) return [];
  const start = parseTime(job.start, job.allDay);
  const end = parseTime(job.end, job.allDay);
  if (start === null || end === null) return [];
  if (!job.rrule) {
    if (!overlapsRange(job.allDay, start, end, ctx.zone, range.start, range.end)) return [];
    return [event(job, ctx, { id: job.id, key: null, start, end, status: job.status, assigneeIds: job.assigneeIds })];
  }
  const exceptions = job.exceptions.flatMap((e) => {
    const key = parseTime(e.occurrence, job.allDay);
    if (key === null) return [];
    const s = e.start === null ? null : parseTime(e.start, job.allDay);
    const t = e.end === null ? null : parseTime(e.end, job.allDay);
    return [{ key, kind: e.kind, start: s, end: t, assigneeIds: e.assigneeIds, status: e.status }];
  });
  const series = { start, end, allDay: job.allDay, rrule: job.rrule };
  return expandSeries(series, exceptions, ctx.zone, range.start, range.end).map((o) => {
    const assigneeIds = o.exception?.assigneeIds ?? job.assigneeIds;
    const status = occurrenceStatus(job.status, o.exception?.status ?? null, assigneeIds.length > 0);
    return event(job, ctx, { id: `${job.id}:${o.key}`, key: o.key, start: o.start, end: o.end, status, assigneeIds });
  });
}

/** True when the event takes a technician's time (all-day and cancelled ones don't double-book). */
export const isBusy = (e: CalendarEvent) => !e.allDay && e.extendedProps.status !== 'cancelled';

/** True when two events double-book someone: different jobs, a shared technician, times overlap. */
export function doubleBooks(a: CalendarEvent, b: CalendarEvent): boolean {
  if (a.extendedProps.jobId === b.extendedProps.jobId || !isBusy(a) || !isBusy(b)) return false;
  if (!a.extendedProps.assigneeIds.some((id) => b.extendedProps.assigneeIds.includes(id))) return false;
  return Date.parse(a.start) < Date.parse(b.end) && Date.parse(b.start) < Date.parse(a.end);
}

/** Whether an event passes a cached range's filters (technician, statuses) like the feed's. */
export function passesFilter(e: CalendarEvent, technicianId: string | null, statuses: readonly string[]): boolean {
  if (statuses.length > 0 && !statuses.includes(e.extendedProps.status)) return false;
  if (!technicianId) return true;
  const ids = e.extendedProps.assigneeIds;
  return technicianId === unassignedResourceId ? ids.length === 0 : ids.includes(technicianId);
}
