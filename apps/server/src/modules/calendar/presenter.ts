import { type CalendarEvent, calendarEventOf, matchesFilter, type Visit, type VisitFilter } from '@fieldplan/shared';

/**
 * The calendar feed's answer: the visits that pass the filters, as FullCalendar events (the wire
 * format the web's calendar reads). Double bookings were marked on every visit before filtering,
 * so a filtered view still shows them.
 */
export function presentEvents(
  visits: readonly Visit[],
  filter: VisitFilter,
  colours: ReadonlyMap<string, string>,
): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  for (const visit of visits) {
    if (matchesFilter(visit, filter)) events.push(calendarEventOf(visit, colours));
  }
  return events;
}
