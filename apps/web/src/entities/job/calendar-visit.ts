import {
  type CalendarEvent,
  formatVisitTime,
  type Visit,
  type VisitJob,
  visitOfCalendarEvent,
} from '@fieldplan/shared';

/**
 * A visit of the calendar feed as the web holds it: the shared model's visit plus the colour it is
 * painted in (the feed's, the only colour known for a technician no longer listed). The calendar
 * cache holds these — the feed's wire events are converted once, as they arrive — and
 * features/calendar turns them into FullCalendar's events.
 */
export type CalendarVisit = Visit<VisitJob> & { colour: string };

/** A feed event as a visit. Throws on a time the feed never sends (the shared `visitOfCalendarEvent`). */
export const calendarVisitOf = (e: CalendarEvent): CalendarVisit => ({
  ...visitOfCalendarEvent(e),
  colour: e.backgroundColor,
});

/** A visit's occurrence key as the API writes it (links and status changes send it); null for a one-off. */
export const occurrenceOf = (visit: Pick<CalendarVisit, 'occurrenceKey' | 'allDay'>): string | null =>
  visit.occurrenceKey === null ? null : formatVisitTime(visit.occurrenceKey, visit.allDay);
