import { formatVisitTime, type JobStatus, unassignedResourceId } from '@fieldplan/shared';
import type { EventInput } from '@fullcalendar/core';
import { type CalendarVisit, occurrenceOf } from '../../entities/job/calendar-visit';

// The one place a visit becomes FullCalendar's event: the cache holds the shared model's visits
// (entities/job/calendar-visit.ts), and only this feature speaks FullCalendar's shape.

/** What this feature's FullCalendar hooks (content, classes, drag and click) read from an event. */
export interface VisitEventProps {
  jobId: string;
  /** The occurrence's original start as the API writes it; null for a one-off job. */
  occurrenceKey: string | null;
  version: number;
  status: JobStatus;
  assigneeIds: readonly string[];
  customerName: string | null;
  lat: number | null;
  lng: number | null;
  recurring: boolean;
  flexible: boolean;
  overlapsWith: readonly string[];
}

/** A visit as FullCalendar's event: times as the API writes them, a row per technician. */
export interface VisitEvent extends EventInput {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
  resourceIds: string[];
  backgroundColor: string;
  borderColor: string;
  extendedProps: VisitEventProps;
}

const unassignedRow = [unassignedResourceId];

/** The timeline rows a visit shows in: its technicians', or the Unassigned row. */
export const rowsOf = (visit: Pick<CalendarVisit, 'assigneeIds'>): string[] =>
  visit.assigneeIds.length > 0 ? (visit.assigneeIds as string[]) : unassignedRow;
const byVisit = new WeakMap<CalendarVisit, VisitEvent>();
const byList = new WeakMap<readonly CalendarVisit[], VisitEvent[]>();

/**
 * One visit as FullCalendar's event, built once per visit object: a visit the cache didn't touch
 * keeps its event, so FullCalendar sees an unchanged source and re-renders nothing.
 */
export function visitEventOf(visit: CalendarVisit): VisitEvent {
  const known = byVisit.get(visit);
  if (known) return known;
  const { job, allDay, assigneeIds } = visit;
  const event: VisitEvent = {
    id: visit.id,
    title: job.title,
    start: formatVisitTime(visit.start, allDay),
    end: formatVisitTime(visit.end, allDay),
    allDay,
    resourceIds: rowsOf(visit),
    backgroundColor: visit.colour,
    borderColor: visit.colour,
    extendedProps: {
      jobId: job.id,
      occurrenceKey: occurrenceOf(visit),
      version: job.version,
      status: visit.status,
      assigneeIds,
      customerName: job.customerName,
      lat: job.lat,
      lng: job.lng,
      recurring: visit.occurrenceKey !== null,
      flexible: visit.flexible,
      overlapsWith: visit.overlapsWith,
    },
  };
  byVisit.set(visit, event);
  return event;
}

/** The visits of a list as FullCalendar's events, once per list (and per visit, see `visitEventOf`). */
export function visitEventsOf(visits: readonly CalendarVisit[]): VisitEvent[] {
  const known = byList.get(visits);
  if (known) return known;
  const events = visits.map(visitEventOf);
  byList.set(visits, events);
  return events;
}
