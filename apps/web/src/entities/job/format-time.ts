import { dayMs, formatDay, formatTime, parseDateOnly } from '@fieldplan/shared';
import { clockIn } from '../../lib/clock';
import { t } from '../../lib/i18n';

/** A time of day in the workspace zone and time format ("09:30" or "9:30 AM"). */
export function formatClock(iso: string, zone: string): string {
  return formatTime(iso, clockIn(zone));
}

/**
 * A job's time in the workspace zone and formats: "Mon 23 Nov, 09:00–10:30", "Mon 23 Nov (all day)",
 * "Mon 23 Nov – Wed 25 Nov (all day)"; "Not scheduled" without a time.
 */
export function formatJobTime(start: string | null, end: string | null, allDay: boolean, zone: string): string {
  if (start === null || end === null) return t({ id: 'entities.jobTime.notScheduled' });
  const clock = clockIn(zone);
  if (allDay) {
    // All-day dates are UTC midnights: read them in UTC so no zone moves the day.
    const utc = { ...clock, timeZone: 'UTC' };
    const s = parseDateOnly(start) ?? 0;
    const last = (parseDateOnly(end) ?? s + dayMs) - dayMs;
    return last > s
      ? t({ id: 'entities.jobTime.allDayRange' }, { first: formatDay(s, utc), last: formatDay(last, utc) })
      : t({ id: 'entities.jobTime.allDay' }, { day: formatDay(s, utc) });
  }
  const day = (iso: string) => formatDay(iso, clock);
  const time = (iso: string) => formatTime(iso, clock);
  if (day(start) === day(end)) return `${day(start)}, ${time(start)}–${time(end)}`;
  return `${day(start)}, ${time(start)} – ${day(end)}, ${time(end)}`;
}
