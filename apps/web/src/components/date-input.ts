import { type DateFormat, formatWallTime, type TimeFormat } from '@fieldplan/shared';

/**
 * What the date and time fields type and read: a date as numbers in the workspace's order
 * ("30.11.2026", "11/30/2026", "2026-11-30"), a time on its clock ("14:00", "2:00 PM"). The
 * values in and out stay ISO ("2026-11-30", "14:00"); names and AM/PM come from the one formatter
 * (docs/ARCHITECTURE.md, "Dates and times are typed").
 */
export interface DateInputFormat {
  dateFormat: DateFormat;
  language?: string | undefined;
}

export interface TimeInputFormat {
  timeFormat: TimeFormat;
  language?: string | undefined;
}

const two = (n: number) => String(n).padStart(2, '0');

const separatorCache = new Map<string, string>();

/** The character between a date's numbers: "-" year first, "/" month first, else the language's ("." or "/"). */
export function dateSeparator({ dateFormat, language }: DateInputFormat): string {
  if (dateFormat === 'ymd') return '-';
  if (dateFormat === 'mdy') return '/';
  const tag = language ?? 'en';
  let sep = separatorCache.get(tag);
  if (sep === undefined) {
    sep = '/';
    try {
      const parts = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
        Date.UTC(2026, 10, 30),
      );
      const literal = parts.find((p) => p.type === 'literal')?.value.trim();
      if (literal === '.' || literal === '/' || literal === '-') sep = literal;
    } catch {
      sep = '/';
    }
    separatorCache.set(tag, sep);
  }
  return sep;
}

/** The order of a date's parts as written: dmy → day, month, year. */
export function partOrder(dateFormat: DateFormat): ('day' | 'month' | 'year')[] {
  if (dateFormat === 'mdy') return ['month', 'day', 'year'];
  if (dateFormat === 'ymd') return ['year', 'month', 'day'];
  return ['day', 'month', 'year'];
}

interface DateParts {
  year: number;
  month: number;
  day: number;
}

function isoParts(iso: string): DateParts | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const parts = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  return validDate(parts) ? parts : null;
}

function validDate({ year, month, day }: DateParts): boolean {
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

const toIso = ({ year, month, day }: DateParts) => `${year}-${two(month)}-${two(day)}`;

/** An ISO date ("2026-11-30") as the field writes it: "30.11.2026", "30/11/2026", "11/30/2026", "2026-11-30". */
export function formatDateInput(iso: string, format: DateInputFormat): string {
  const p = isoParts(iso);
  if (!p) return iso;
  const text = { day: two(p.day), month: two(p.month), year: String(p.year) };
  return partOrder(format.dateFormat)
    .map((part) => text[part])
    .join(dateSeparator(format));
}

/**
 * What was typed as an ISO date, read in the workspace's order; null when it is not a date. Any of
 * . / - space separates; "30112026" reads without separators; a two-digit year is this century's;
 * a day and month without a year are in `reference`'s year (an ISO date, today by default); a
 * four-digit first number is a year (ISO dates read in every order).
 */
export function parseDateInput(text: string, format: DateInputFormat, reference?: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const order = partOrder(format.dateFormat);
  let numbers = trimmed.split(/[\s./\-,]+/).filter(Boolean);
  if (numbers.length === 1 && /^\d{8}$/.test(trimmed)) {
    numbers = order.map((part, i) => {
      const start = order.slice(0, i).reduce((n, p) => n + (p === 'year' ? 4 : 2), 0);
      return trimmed.slice(start, start + (part === 'year' ? 4 : 2));
    });
  }
  if (!numbers.every((n) => /^\d+$/.test(n))) return null;
  const refYear = Number((reference ?? new Date().toISOString()).slice(0, 4));
  let parts: DateParts;
  if (numbers.length === 3) {
    // A four-digit first number can only be a year: ISO ("2026-11-30") reads in every order.
    const ymd = numbers[0]?.length === 4 ? partOrder('ymd') : order;
    const at = (part: 'day' | 'month' | 'year') => numbers[ymd.indexOf(part)] ?? '';
    const yearText = at('year');
    if (yearText.length !== 2 && yearText.length !== 4) return null;
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    parts = { year, month: Number(at('month')), day: Number(at('day')) };
  } else if (numbers.length === 2) {
    const dayFirst = order.indexOf('day') < order.indexOf('month');
    const [a, b] = numbers.map(Number) as [number, number];
    parts = { year: refYear, day: dayFirst ? a : b, month: dayFirst ? b : a };
  } else {
    return null;
  }
  return validDate(parts) ? toIso(parts) : null;
}

/** The date `days` after an ISO date. */
export function addDaysIso(iso: string, days: number): string {
  const p = isoParts(iso);
  if (!p) return iso;
  return new Date(Date.UTC(p.year, p.month - 1, p.day + days)).toISOString().slice(0, 10);
}

/** The date `months` after an ISO date, the day kept within the month ("31 Jan" + 1 → "28 Feb"). */
export function addMonthsIso(iso: string, months: number): string {
  const p = isoParts(iso);
  if (!p) return iso;
  const first = new Date(Date.UTC(p.year, p.month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return toIso({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: Math.min(p.day, last) });
}

/** The part of a date field's text the caret is in (0 = first), counted by separators before it. */
export function partAt(text: string, caret: number): number {
  return Math.min(2, (text.slice(0, caret).match(/[^\d]+/g) ?? []).length);
}

/** ArrowUp/ArrowDown on a date: the part under the caret one up or down ("30.11.2026" day + 1 → "01.12.2026"). */
export function stepDate(iso: string, part: number, by: number, dateFormat: DateFormat): string {
  const which = partOrder(dateFormat)[part] ?? 'day';
  if (which === 'day') return addDaysIso(iso, by);
  return addMonthsIso(iso, which === 'month' ? by : by * 12);
}

/** Where each part of a written date starts and ends, for keeping the caret on a stepped part. */
export function partRange(text: string, part: number): [number, number] {
  const spans = [...text.matchAll(/\d+/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as [number, number]);
  return spans[part] ?? [text.length, text.length];
}

// Time

/** A wall time "HH:MM" as the field writes it: "14:00" or "2:00 PM" (the one formatter's words). */
export function formatTimeInput(hhmm: string, format: TimeInputFormat): string {
  if (!/^\d{2}:\d{2}$/.test(hhmm)) return hhmm;
  return formatWallTime(hhmm, format);
}

/** The language's AM and PM as the formatter writes them. */
function periods(language: string | undefined): [string, string] {
  const suffix = (hhmm: string) =>
    formatWallTime(hhmm, { timeFormat: '12h', language })
      .replace(/^[\d:]+\s*/, '')
      .trim();
  return [suffix('09:00'), suffix('21:00')];
}

const letters = (s: string) => s.toLowerCase().replace(/[\s.]/g, '');

/**
 * What was typed as a wall time "HH:MM", or null. Reads "14:00", "14.00", "14", "1400", "2:30 PM",
 * "2pm", "2:30p" (AM/PM in English or the language's words, in either setting); without AM/PM the
 * hour is read on the 24-hour clock.
 */
export function parseTimeInput(text: string, format: TimeInputFormat): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const m = /^(\d{1,2})(?:[:.h]?(\d{2}))?\s*(.*)$/i.exec(trimmed);
  if (!m) return null;
  let hour = Number(m[1]);
  const minute = m[2] === undefined ? 0 : Number(m[2]);
  const rest = letters(m[3] ?? '');
  if (rest !== '') {
    const [am, pm] = periods(format.language).map(letters) as [string, string];
    const isAm = rest === 'a' || rest === 'am' || rest === am;
    const isPm = rest === 'p' || rest === 'pm' || rest === pm;
    if ((!isAm && !isPm) || hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (isPm ? 12 : 0);
  }
  if (hour > 23 || minute > 59) return null;
  return `${two(hour)}:${two(minute)}`;
}

/**
 * ArrowUp/ArrowDown on a time: the hour (caret before the colon), the minutes by `stepMinutes`
 * (onto the step's grid), or AM/PM (caret after the minutes), wrapping round the day.
 */
export function stepTime(hhmm: string, part: number, by: number, stepMinutes: number): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  let total = h * 60 + m;
  if (part === 0) total += by * 60;
  else if (part === 1) {
    const step = Math.max(1, stepMinutes);
    total = by > 0 ? Math.floor(total / step) * step + step : Math.ceil(total / step) * step - step;
  } else total += 12 * 60;
  total = ((total % 1440) + 1440) % 1440;
  return `${two(Math.floor(total / 60))}:${two(total % 60)}`;
}

/** The part of a time field's text the caret is in: 0 hours, 1 minutes, 2 AM/PM. */
export function timePartAt(text: string, caret: number): number {
  const colon = text.search(/[:.]/);
  if (colon === -1 || caret <= colon) return 0;
  const minutesEnd = colon + 3;
  return caret <= minutesEnd ? 1 : 2;
}

/** Where a time part is in the written text (hours, minutes, AM/PM). */
export function timePartRange(text: string, part: number): [number, number] {
  const colon = text.search(/[:.]/);
  if (colon === -1) return [0, text.length];
  if (part === 0) return [0, colon];
  if (part === 1) return [colon + 1, colon + 3];
  return [Math.min(text.length, colon + 4), text.length];
}

// The month grid

/** The weeks shown for a month: each a row of seven ISO dates from the workspace's first weekday. */
export function monthGrid(monthIso: string, weekStart: number): string[][] {
  const p = isoParts(`${monthIso.slice(0, 7)}-01`);
  if (!p) return [];
  const first = Date.UTC(p.year, p.month - 1, 1);
  const lead = (new Date(first).getUTCDay() - weekStart + 7) % 7;
  const days = new Date(Date.UTC(p.year, p.month, 0)).getUTCDate();
  const rows = Math.ceil((lead + days) / 7);
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: 7 }, (_, c) => new Date(first + (r * 7 + c - lead) * 86_400_000).toISOString().slice(0, 10)),
  );
}

/** The first and last day of the week an ISO date is in (Home/End in the grid). */
export function weekEdge(iso: string, weekStart: number, edge: 'start' | 'end'): string {
  const day = new Date(`${iso}T00:00:00Z`).getUTCDay();
  const back = (day - weekStart + 7) % 7;
  return addDaysIso(iso, edge === 'start' ? -back : 6 - back);
}

export const isIsoDate = (value: string): boolean => isoParts(value) !== null;
