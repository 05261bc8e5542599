import type { ClockSettings } from './settings.js';

/** What the formatters need of a workspace: its zone and its time and date formats. */
export type Clock = Pick<ClockSettings, 'timeZone' | 'timeFormat' | 'dateFormat'>;
export type Instant = number | string | Date;

const partsCache = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = partsCache.get(zone);
  if (!f) {
    // English words, 24-hour parts: the order and the 12-hour reading are the workspace's, applied below.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    partsCache.set(zone, f);
  }
  return f;
}

interface Parts {
  weekday: string;
  day: number;
  month: number;
  monthName: string;
  year: number;
  hour: number;
  minute: number;
}

function partsOf(instant: Instant, zone: string): Parts {
  const date = instant instanceof Date ? instant : new Date(instant);
  const p: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(date)) p[part.type] = part.value;
  return {
    weekday: p.weekday ?? '',
    day: Number(p.day),
    month: monthNames.indexOf(p.month ?? '') + 1,
    monthName: p.month ?? '',
    year: Number(p.year),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
  };
}

const monthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

function clockText(hour: number, minute: number, format: Clock['timeFormat']): string {
  if (format === '24h') return `${two(hour)}:${two(minute)}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${two(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** A time of day in the workspace's zone and format: "19:55" or "7:55 PM". */
export function formatTime(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  return clockText(p.hour, p.minute, clock.timeFormat);
}

/** A wall-clock "HH:MM" (working hours, a suggested start) in the workspace's format. */
export function formatWallTime(hhmm: string, clock: Pick<Clock, 'timeFormat'>): string {
  const [h, m] = hhmm.split(':').map(Number);
  return clockText(h ?? 0, m ?? 0, clock.timeFormat);
}

/** Start and end as one span: "09:00–10:30", "9:00 AM–10:30 AM". */
export function formatTimeRange(start: Instant, end: Instant, clock: Clock): string {
  return `${formatTime(start, clock)}–${formatTime(end, clock)}`;
}

function dayText(p: Parts, order: Clock['dateFormat']): string {
  if (order === 'mdy') return `${p.weekday}, ${p.monthName} ${p.day}`;
  if (order === 'ymd') return `${p.weekday}, ${p.year}-${two(p.month)}-${two(p.day)}`;
  return `${p.weekday}, ${p.day} ${p.monthName}`;
}

/** A day with its weekday, no year unless the format is year first: "Thu, 26 Nov", "Thu, Nov 26". */
export function formatDay(instant: Instant, clock: Clock): string {
  return dayText(partsOf(instant, clock.timeZone), clock.dateFormat);
}

/** A full date: "26 Nov 2026", "Nov 26, 2026" or "2026-11-26". */
export function formatDate(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  if (clock.dateFormat === 'mdy') return `${p.monthName} ${p.day}, ${p.year}`;
  if (clock.dateFormat === 'ymd') return `${p.year}-${two(p.month)}-${two(p.day)}`;
  return `${p.day} ${p.monthName} ${p.year}`;
}

/** A date and a time: "26 Nov 2026, 19:55". */
export function formatDateTime(instant: Instant, clock: Clock): string {
  return `${formatDate(instant, clock)}, ${formatTime(instant, clock)}`;
}

const longWeekdays: Record<string, string> = {
  Mon: 'Monday',
  Tue: 'Tuesday',
  Wed: 'Wednesday',
  Thu: 'Thursday',
  Fri: 'Friday',
  Sat: 'Saturday',
  Sun: 'Sunday',
};
const longMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A day as a heading, words in full: "Thursday, 26 November 2026", "Thursday, November 26, 2026", "Thursday, 2026-11-26". */
export function formatLongDay(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  const weekday = longWeekdays[p.weekday] ?? p.weekday;
  const month = longMonths[p.month - 1] ?? p.monthName;
  if (clock.dateFormat === 'mdy') return `${weekday}, ${month} ${p.day}, ${p.year}`;
  if (clock.dateFormat === 'ymd') return `${weekday}, ${p.year}-${two(p.month)}-${two(p.day)}`;
  return `${weekday}, ${p.day} ${month} ${p.year}`;
}

/** A day with its weekday and year, for a toolbar: "Thu, 26 Nov 2026", "Thu, Nov 26, 2026", "Thu, 2026-11-26". */
export function formatDayWithYear(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  return `${p.weekday}, ${formatDate(instant, clock)}`;
}

/** A month as a heading: "November 2026" (or "2026-11" when the year comes first). */
export function formatMonth(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  if (clock.dateFormat === 'ymd') return `${p.year}-${two(p.month)}`;
  return `${longMonths[p.month - 1] ?? p.monthName} ${p.year}`;
}

/**
 * The days from `first` to `last` (both shown) as a heading: "23 Nov – 29 Nov 2026",
 * "Nov 23 – Nov 29, 2026", "2026-11-23 – 2026-11-29"; the first day carries its year when the two differ.
 */
export function formatDayRange(first: Instant, last: Instant, clock: Clock): string {
  const a = partsOf(first, clock.timeZone);
  const b = partsOf(last, clock.timeZone);
  const end = formatDate(last, clock);
  if (clock.dateFormat === 'ymd' || a.year !== b.year) return `${formatDate(first, clock)} – ${end}`;
  const start = clock.dateFormat === 'mdy' ? `${a.monthName} ${a.day}` : `${a.day} ${a.monthName}`;
  return `${start} – ${end}`;
}
