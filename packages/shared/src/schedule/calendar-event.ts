import { formatDateOnly } from '../recurrence/dates.js';
import { type CalendarEvent, unassignedColour, unassignedResourceId } from '../schemas/calendar.js';
import { parseJobTime } from './job.js';
import type { Visit, VisitJob } from './visit.js';

/** A visit's colour: its first technician's, or the unassigned grey. */
export function visitColour(visit: Pick<Visit, 'assigneeIds'>, colours: ReadonlyMap<string, string>): string {
  const first = visit.assigneeIds[0];
  return first === undefined ? unassignedColour : (colours.get(first) ?? unassignedColour);
}

/** A visit's time on the wire: an ISO instant, or a date (`YYYY-MM-DD`) when all-day. */
export const formatVisitTime = (ms: number, allDay: boolean): string =>
  allDay ? formatDateOnly(ms) : new Date(ms).toISOString();

/**
 * The visit as the calendar feed sends it (FullCalendar's event object, `GET …/calendar/events`):
 * the wire format only — code that reasons about visits works on `Visit`.
 */
export function calendarEventOf(visit: Visit<VisitJob>, colours: ReadonlyMap<string, string>): CalendarEvent {
  const { job, allDay } = visit;
  const colour = visitColour(visit, colours);
  const assigneeIds = visit.assigneeIds as string[];
  return {
    id: visit.id,
    title: job.title,
    start: formatVisitTime(visit.start, allDay),
    end: formatVisitTime(visit.end, allDay),
    allDay,
    resourceIds: assigneeIds.length > 0 ? assigneeIds : [unassignedResourceId],
    backgroundColor: colour,
    borderColor: colour,
    extendedProps: {
      jobId: job.id,
      occurrenceKey: visit.occurrenceKey === null ? null : formatVisitTime(visit.occurrenceKey, allDay),
      version: job.version,
      status: visit.status,
      priority: job.priority,
      assigneeIds,
      customerId: job.customerId,
      customerName: job.customerName,
      address: job.address,
      lat: job.lat,
      lng: job.lng,
      recurring: visit.occurrenceKey !== null,
      flexible: visit.flexible,
      // A fresh list: a client's cache may add to it when a later change double-books the visit.
      overlapsWith: [...visit.overlapsWith],
    },
  };
}

function timeOf(value: string, allDay: boolean): number {
  const ms = parseJobTime(value, allDay);
  if (ms === null) throw new Error(`Not a calendar event time: ${value}`);
  return ms;
}

/**
 * The visit a calendar event (from the feed, or a client's cache of it) stands for: the inverse of
 * `calendarEventOf`, colours aside. Throws on a time the feed would never send.
 */
export function visitOfCalendarEvent(event: CalendarEvent): Visit<VisitJob> {
  const { allDay, extendedProps: x } = event;
  return {
    id: event.id,
    job: {
      id: x.jobId,
      title: event.title,
      priority: x.priority,
      version: x.version,
      customerId: x.customerId,
      customerName: x.customerName,
      address: x.address,
      lat: x.lat,
      lng: x.lng,
    },
    occurrenceKey: x.occurrenceKey === null ? null : timeOf(x.occurrenceKey, allDay),
    start: timeOf(event.start, allDay),
    end: timeOf(event.end, allDay),
    allDay,
    status: x.status,
    assigneeIds: x.assigneeIds,
    flexible: x.flexible,
    overlapsWith: x.overlapsWith,
  };
}
