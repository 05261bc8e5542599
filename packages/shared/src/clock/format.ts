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
