import type { ClockSettings } from './settings.js';

/**
 * What the formatters need of a workspace: its zone, its time and date formats, and the language
 * words are written in (weekdays, months; English when absent — docs/adr/0042-languages.md). The
 * order of day, month and year and the 12/24-hour clock are the workspace's in every language.
 */
export type Clock = Pick<ClockSettings, 'timeZone' | 'timeFormat' | 'dateFormat'> & { language?: string | undefined };
export type Instant = number | string | Date;

const partsCache = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(zone: string): Intl.DateTimeFormat {
  let f = partsCache.get(zone);
  if (!f) {
    // Numbers only, 24-hour: names come from the language's tables below, the order from the workspace.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      day: 'numeric',
      month: 'numeric',
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
  /** 0 = Sunday. */
  weekday: number;
  day: number;
  month: number;
  year: number;
  hour: number;
  minute: number;
}

const weekdayIndex: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function partsOf(instant: Instant, zone: string): Parts {
  const date = instant instanceof Date ? instant : new Date(instant);
  const p: Record<string, string> = {};
  for (const part of partsFormatter(zone).formatToParts(date)) p[part.type] = part.value;
  return {
    weekday: weekdayIndex[p.weekday ?? ''] ?? 0,
    day: Number(p.day),
    month: Number(p.month),
    year: Number(p.year),
    hour: Number(p.hour) % 24,
    minute: Number(p.minute),
  };
}

/** A language's words for dates: weekdays (0 = Sunday), months (0 = January), AM/PM, and whether a day number takes a dot ("26."). */
interface Names {
  weekdayShort: string[];
  weekdayLong: string[];
  monthShort: string[];
  monthLong: string[];
  am: string;
  pm: string;
  dayDot: boolean;
}

// English is written out, so its texts never move with the ICU data of a runtime.
const english: Names = {
  weekdayShort: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  weekdayLong: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
  monthShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  monthLong: [
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
  ],
  am: 'AM',
  pm: 'PM',
  dayDot: false,
};

const namesCache = new Map<string, Names>([['en', english]]);

/** The date words of `language` from the runtime's Intl data (English for English or an unknown tag). */
function namesOf(language: string | undefined): Names {
  const tag = language ?? 'en';
  const cached = namesCache.get(tag);
  if (cached) return cached;
  let names = english;
  try {
    const supported = Intl.DateTimeFormat.supportedLocalesOf([tag])[0];
    if (supported && !supported.startsWith('en')) {
      // Names as a date writes them (format context: "Do., 26. Nov."), not as they stand alone ("Do", "Nov").
      const part = (options: Intl.DateTimeFormatOptions, type: 'weekday' | 'month') => {
        const f = new Intl.DateTimeFormat(supported, { ...options, day: 'numeric', timeZone: 'UTC' });
        return (ms: number) => f.formatToParts(ms).find((p) => p.type === type)?.value ?? '';
      };
      // 2023-01-01 was a Sunday; the 15th of each month names it without a day's edge.
      const days = Array.from({ length: 7 }, (_, i) => Date.UTC(2023, 0, 1 + i));
      const months = Array.from({ length: 12 }, (_, i) => Date.UTC(2023, i, 15));
      const periods = new Intl.DateTimeFormat(supported, { hour: 'numeric', hourCycle: 'h12', timeZone: 'UTC' });
      const period = (ms: number) => periods.formatToParts(ms).find((p) => p.type === 'dayPeriod')?.value;
      const dayMonth = new Intl.DateTimeFormat(supported, { day: 'numeric', month: 'long', timeZone: 'UTC' });
      const parts = dayMonth.formatToParts(Date.UTC(2023, 0, 15));
      const afterDay = parts[parts.findIndex((p) => p.type === 'day') + 1];
      names = {
        weekdayShort: days.map(part({ weekday: 'short', month: 'short' }, 'weekday')),
        weekdayLong: days.map(part({ weekday: 'long', month: 'long' }, 'weekday')),
        monthShort: months.map(part({ month: 'short' }, 'month')),
        monthLong: months.map(part({ month: 'long' }, 'month')),
        am: period(Date.UTC(2023, 0, 1, 9)) ?? english.am,
        pm: period(Date.UTC(2023, 0, 1, 21)) ?? english.pm,
        dayDot: afterDay?.type === 'literal' && afterDay.value.startsWith('.'),
      };
    }
  } catch {
    names = english;
  }
  namesCache.set(tag, names);
  return names;
}

const two = (n: number) => String(n).padStart(2, '0');

function clockText(hour: number, minute: number, clock: Pick<Clock, 'timeFormat' | 'language'>): string {
  if (clock.timeFormat === '24h') return `${two(hour)}:${two(minute)}`;
  const names = namesOf(clock.language);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${two(minute)} ${hour < 12 ? names.am : names.pm}`;
}

/** A day number and month as the order and language write them: "26 Nov", "26. Nov.", "Nov 26". */
function dayAndMonth(p: Parts, clock: Clock, month: 'short' | 'long'): string {
  const names = namesOf(clock.language);
  const name = (month === 'short' ? names.monthShort : names.monthLong)[p.month - 1] ?? '';
  if (clock.dateFormat === 'mdy') return `${name} ${p.day}`;
  return `${p.day}${names.dayDot ? '.' : ''} ${name}`;
}

/** A time of day in the workspace's zone and format: "19:55" or "7:55 PM". */
export function formatTime(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  return clockText(p.hour, p.minute, clock);
}

/** A wall-clock "HH:MM" (working hours, a suggested start) in the workspace's format. */
export function formatWallTime(hhmm: string, clock: Pick<Clock, 'timeFormat' | 'language'>): string {
  const [h, m] = hhmm.split(':').map(Number);
  return clockText(h ?? 0, m ?? 0, clock);
}

/** Start and end as one span: "09:00–10:30", "9:00 AM–10:30 AM". */
export function formatTimeRange(start: Instant, end: Instant, clock: Clock): string {
  return `${formatTime(start, clock)}–${formatTime(end, clock)}`;
}

const numeric = (p: Parts) => `${p.year}-${two(p.month)}-${two(p.day)}`;

/** A day with its weekday, no year unless the format is year first: "Thu, 26 Nov", "Thu, Nov 26", "Do., 26. Nov.". */
export function formatDay(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  const weekday = namesOf(clock.language).weekdayShort[p.weekday];
  return `${weekday}, ${clock.dateFormat === 'ymd' ? numeric(p) : dayAndMonth(p, clock, 'short')}`;
}

/** A full date: "26 Nov 2026", "Nov 26, 2026", "2026-11-26" or "26. Nov. 2026". */
export function formatDate(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  if (clock.dateFormat === 'ymd') return numeric(p);
  return `${dayAndMonth(p, clock, 'short')}${clock.dateFormat === 'mdy' ? ',' : ''} ${p.year}`;
}

/** A date and a time: "26 Nov 2026, 19:55". */
export function formatDateTime(instant: Instant, clock: Clock): string {
  return `${formatDate(instant, clock)}, ${formatTime(instant, clock)}`;
}

/**
 * A day as a heading, words in full: "Thursday, 26 November 2026", "Thursday, November 26, 2026",
 * "Thursday, 2026-11-26", "Donnerstag, 26. November 2026".
 */
export function formatLongDay(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  const weekday = namesOf(clock.language).weekdayLong[p.weekday];
  if (clock.dateFormat === 'ymd') return `${weekday}, ${numeric(p)}`;
  return `${weekday}, ${dayAndMonth(p, clock, 'long')}${clock.dateFormat === 'mdy' ? ',' : ''} ${p.year}`;
}

/** A day with its weekday and year, for a toolbar: "Thu, 26 Nov 2026", "Thu, Nov 26, 2026", "Thu, 2026-11-26". */
export function formatDayWithYear(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  return `${namesOf(clock.language).weekdayShort[p.weekday]}, ${formatDate(instant, clock)}`;
}

/** A month as a heading: "November 2026" (or "2026-11" when the year comes first). */
export function formatMonth(instant: Instant, clock: Clock): string {
  const p = partsOf(instant, clock.timeZone);
  if (clock.dateFormat === 'ymd') return `${p.year}-${two(p.month)}`;
  return `${namesOf(clock.language).monthLong[p.month - 1]} ${p.year}`;
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
  return `${dayAndMonth(a, clock, 'short')} – ${end}`;
}

/** The week's day numbers (0 = Sunday) from the workspace's first day: Monday first is [1, 2, 3, 4, 5, 6, 0]. */
export function weekOrder(weekStart: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (((weekStart + i) % 7) + 7) % 7);
}

/** A weekday's name in the language (0 = Sunday): short ("Mon", "Mo.") or long ("Monday", "Montag"). */
export function weekdayName(day: number, language?: string, width: 'short' | 'long' = 'short'): string {
  const names = namesOf(language);
  return (width === 'short' ? names.weekdayShort : names.weekdayLong)[((day % 7) + 7) % 7] ?? '';
}

/**
 * A number as the language writes it ("12.4", "12,4"), never grouped unless asked: figures in a UI
 * (distances, counts) read as numbers, not amounts.
 */
export function formatNumber(value: number, language?: string, options: Intl.NumberFormatOptions = {}): string {
  return new Intl.NumberFormat(language ?? 'en', { useGrouping: false, ...options }).format(value);
}

/** How long ago or until, in the language's words: "3 minutes ago", "vor 3 Minuten", "in 6 days". */
export function formatRelativeTime(
  value: number,
  unit: Intl.RelativeTimeFormatUnit,
  language?: string,
  style: Intl.RelativeTimeFormatStyle = 'long',
): string {
  return new Intl.RelativeTimeFormat(language ?? 'en', { numeric: 'auto', style }).format(value, unit);
}

/** A length of time in minutes as the language writes it: "45 min", "1 h", "2 h 30 min"; "2 Std. 30 Min.". */
export function formatMinutes(minutes: number, language?: string): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (!language || language.startsWith('en')) {
    if (hours === 0) return `${rest} min`;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const unit = (value: number, name: 'hour' | 'minute') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}
