import { formatLongDay, formatMinutes, formatTime, formatTimeRange, type PublicSlot } from '@fieldplan/shared';
import { clockIn } from '../../../lib/clock';
import { currentLocale } from '../../../lib/i18n';

// Dates and times on the booking page are the workspace's: its time zone and formats (12/24 h, date
// order), in the page's language (lib/clock.ts, set when the page loads) — as the app writes them.

/** The slots of each local day, in order: [day label, its slots]. */
export function slotsByDay(slots: readonly PublicSlot[], timeZone: string): [string, PublicSlot[]][] {
  const clock = clockIn(timeZone);
  const groups = new Map<string, PublicSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.start.localeCompare(b.start))) {
    const label = formatLongDay(slot.start, clock);
    const list = groups.get(label);
    if (list) list.push(slot);
    else groups.set(label, [slot]);
  }
  return [...groups];
}

/** "09:00" (or "9:00 AM"), the slot's start in the workspace's zone and clock. */
export function timeText(iso: string, timeZone: string): string {
  return formatTime(iso, clockIn(timeZone));
}

/** "Thursday, 3 December 2026, 09:00–10:30" in the workspace's zone. */
export function whenText(start: string, end: string, timeZone: string): string {
  const clock = clockIn(timeZone);
  return `${formatLongDay(start, clock)}, ${formatTimeRange(start, end, clock)}`;
}

/** "1 h 30 min", "45 min" ("1 Std. 30 Min."). */
export function durationText(minutes: number): string {
  return formatMinutes(minutes, currentLocale());
}

/** The local date (YYYY-MM-DD, workspace zone) the day after a slot, to search on from. */
export function dayAfter(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date(iso))
    .split('-')
    .map(Number);
  const [y = 1970, m = 1, d = 1] = parts;
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
