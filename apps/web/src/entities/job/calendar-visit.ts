import { type CalendarEvent, parseJobTime, type ScheduleJob, type Visit } from '@fieldplan/shared';

/**
 * A visit of the calendar feed in the schedule model's terms, for code that reasons about visits
 * (the board's day summary, the maps) instead of drawing them: FullCalendar's event shape stays in
 * features/calendar. Times are epoch ms: instants, or UTC-midnight dates (end exclusive) when all-day.
 */
export interface CalendarVisit
  extends Pick<Visit, 'id' | 'start' | 'end' | 'allDay' | 'status' | 'assigneeIds' | 'overlapsWith'> {
  job: Pick<ScheduleJob, 'id' | 'title' | 'version' | 'priority' | 'customerId' | 'customerName' | 'address'> & {
    /** The job's site; undefined in a range cached before the feed carried sites. */
    lat?: number | null;
    lng?: number | null;
  };
  /** The occurrence's original start as the API writes it (links and status changes send it); null for a one-off. */
  occurrenceKey: string | null;
  /** A one-off visit with a flexible window (the feed sends only whether it has one). */
  flexible: boolean;
  /** The colour the feed paints it: its first technician's. */
  colour: string;
}

/** A feed event as a visit (the inverse of the shared `calendarEventOf`). */
export function calendarVisitOf(e: CalendarEvent): CalendarVisit {
  const p = e.extendedProps;
  const time = (value: string) => parseJobTime(value, e.allDay) ?? Number.NaN;
  return {
    id: e.id,
    job: {
      id: p.jobId,
      title: e.title,
      version: p.version,
      priority: p.priority,
      customerId: p.customerId,
      customerName: p.customerName,
      address: p.address,
      ...('lat' in p && { lat: p.lat, lng: p.lng }),
    },
    occurrenceKey: p.occurrenceKey,
    start: time(e.start),
    end: time(e.end),
    allDay: e.allDay,
    status: p.status,
    assigneeIds: p.assigneeIds,
    flexible: p.flexible,
    overlapsWith: p.overlapsWith,
    colour: e.backgroundColor,
  };
}

const converted = new WeakMap<readonly CalendarEvent[], CalendarVisit[]>();

/** A cached range's events as visits, converted once per cached array. */
export function calendarVisitsOf(events: readonly CalendarEvent[]): CalendarVisit[] {
  const known = converted.get(events);
  if (known) return known;
  const visits = events.map(calendarVisitOf);
  converted.set(events, visits);
  return visits;
}
