import {
  type CalendarEvent,
  formatVisitTime,
  type Visit,
  type VisitJob,
  visitOfCalendarEvent,
} from '@fieldplan/shared';

/**
 * A visit of the calendar feed as the board's day summary and the maps read it: the shared model's
 * visit (FullCalendar's event shape stays with the feed's wire format and features/calendar), plus
 * the colour the feed painted it — the only colour known for a technician no longer listed.
 */
export type CalendarVisit = Visit<VisitJob> & { colour: string };

/** A feed event as a visit. */
export const calendarVisitOf = (e: CalendarEvent): CalendarVisit => ({
  ...visitOfCalendarEvent(e),
  colour: e.backgroundColor,
});

/** A visit's occurrence key as the API writes it (links and status changes send it); null for a one-off. */
export const occurrenceOf = (visit: Pick<CalendarVisit, 'occurrenceKey' | 'allDay'>): string | null =>
  visit.occurrenceKey === null ? null : formatVisitTime(visit.occurrenceKey, visit.allDay);

const converted = new WeakMap<readonly CalendarEvent[], CalendarVisit[]>();

/** A cached range's events as visits, converted once per cached array. */
export function calendarVisitsOf(events: readonly CalendarEvent[]): CalendarVisit[] {
  const known = converted.get(events);
  if (known) return known;
  const visits = events.map(calendarVisitOf);
  converted.set(events, visits);
  return visits;
}
