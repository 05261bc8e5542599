import {
  type Clock,
  dayMs,
  formatDateOnly,
  formatDayRange,
  formatDayWithYear,
  formatMonth,
  instantToWall,
  parseDateOnly,
} from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** The calendar's views (FullCalendar view names), in the order the switcher shows them. */
export const calendarViews = [
  'resourceTimelineDay',
  'resourceTimelineWeek',
  'timeGridDay',
  'timeGridWeek',
  'dayGridMonth',
  'listWeek',
] as const;
/** Every view a URL may name: the switcher's, and the day list phones use. */
export const allViews = [...calendarViews, 'listDay'] as const;
export type CalendarView = (typeof allViews)[number];
/** What a phone offers: lists and the month. */
export const phoneViews: readonly CalendarView[] = ['listDay', 'listWeek', 'dayGridMonth'];

export const viewLabel: Record<CalendarView, MessageDescriptor> = defineMessages({
  resourceTimelineDay: { id: 'calendar.view.timelineDay' },
  resourceTimelineWeek: { id: 'calendar.view.timelineWeek' },
  timeGridDay: { id: 'calendar.view.day' },
  timeGridWeek: { id: 'calendar.view.week' },
  dayGridMonth: { id: 'calendar.view.month' },
  listWeek: { id: 'calendar.view.list' },
  listDay: { id: 'calendar.view.dayList' },
});

/** What a phone shows instead: a list (a timeline or a grid of technicians doesn't fit 390 px). */
export function narrowView(view: CalendarView): CalendarView {
  if (view === 'resourceTimelineDay' || view === 'timeGridDay') return 'listDay';
  if (view === 'resourceTimelineWeek' || view === 'timeGridWeek') return 'listWeek';
  return view;
}

export function isCalendarView(value: string | null): value is CalendarView {
  return value !== null && (allViews as readonly string[]).includes(value);
}

export const isTimelineView = (view: CalendarView) => view.startsWith('resourceTimeline');

/** Where a day's header link leads from a view: the same kind of view, for that one day. */
export function dayViewOf(view: CalendarView): CalendarView {
  if (isTimelineView(view)) return 'resourceTimelineDay';
  if (view === 'listWeek' || view === 'listDay') return 'listDay';
  return 'timeGridDay';
}

type Span = 'day' | 'week' | 'month';
const spanOf = (view: CalendarView): Span =>
  view === 'dayGridMonth' ? 'month' : view.endsWith('Day') ? 'day' : 'week';

/** Today's date (`YYYY-MM-DD`) in the zone. */
export function todayIn(zone: string, now = Date.now()): string {
  return formatDateOnly(instantToWall(zone, now));
}

function startOfWeek(date: number, firstDay: number): number {
  const weekday = new Date(date).getUTCDay();
  return date - ((weekday - firstDay + 7) % 7) * dayMs;
}

/**
 * The dates a view shows around `date` ([start, end), `YYYY-MM-DD`, end exclusive), computed the
 * way FullCalendar does, so the events can be fetched before the calendar has even loaded.
 * Month views show six whole weeks (FullCalendar's `fixedWeekCount`).
 */
export function visibleRange(view: CalendarView, date: string, firstDay: number): { start: string; end: string } {
  const d = parseDateOnly(date) ?? 0;
  const span = spanOf(view);
  if (span === 'day') return { start: date, end: formatDateOnly(d + dayMs) };
  if (span === 'week') {
    const start = startOfWeek(d, firstDay);
    return { start: formatDateOnly(start), end: formatDateOnly(start + 7 * dayMs) };
  }
  const first = new Date(d);
  const start = startOfWeek(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1), firstDay);
  return { start: formatDateOnly(start), end: formatDateOnly(start + 42 * dayMs) };
}

/** The date one step back or forward (a day, a week or a month, like the arrows). */
export function stepDate(view: CalendarView, date: string, direction: 1 | -1): string {
  const d = parseDateOnly(date) ?? 0;
  const span = spanOf(view);
  if (span === 'day') return formatDateOnly(d + direction * dayMs);
  if (span === 'week') return formatDateOnly(d + direction * 7 * dayMs);
  const m = new Date(d);
  const target = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + direction, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(m.getUTCDate(), lastDay));
  return formatDateOnly(target.getTime());
}

/**
 * The toolbar title in the workspace's date order (the shared formatter; dates are UTC midnights):
 * "Mon, 23 Nov 2026", "23 Nov – 29 Nov 2026", "November 2026".
 */
export function viewTitle(
  view: CalendarView,
  date: string,
  firstDay: number,
  formats: Omit<Clock, 'timeZone'>,
): string {
  const clock = { ...formats, timeZone: 'UTC' };
  const d = parseDateOnly(date) ?? 0;
  const span = spanOf(view);
  if (span === 'day') return formatDayWithYear(d, clock);
  if (span === 'month') return formatMonth(d, clock);
  const { start, end } = visibleRange(view, date, firstDay);
  return formatDayRange(parseDateOnly(start) ?? 0, (parseDateOnly(end) ?? 0) - dayMs, clock);
}

/**
 * Days of the week a week view leaves out: non-working days with nothing on them in the range
 * (a weekend column with no jobs is wasted width on the board). 0 = Sunday.
 */
export function hiddenDaysOf(
  view: CalendarView,
  workingDays: readonly number[],
  busyDays: ReadonlySet<number>,
): number[] {
  if (!view.endsWith('Week') || view === 'listWeek') return [];
  return [0, 1, 2, 3, 4, 5, 6].filter((d) => !workingDays.includes(d) && !busyDays.has(d));
}
