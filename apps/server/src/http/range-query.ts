import {
  type CalendarQuery,
  dayMs,
  isTimeZone,
  limits,
  parseDateOnly,
  parseInstant,
  wallToInstant,
} from '@fieldplan/shared';
import { fieldError } from '../errors/app-error.js';
import { defineMessages } from '../i18n/index.js';
import { text } from './problem-text.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  zone: { id: 'problems.range.timeZone' },
  start: { id: 'problems.range.start' },
  end: { id: 'problems.range.end' },
  order: { id: 'problems.range.endAfterStart' },
  tooLong: { id: 'problems.range.tooLong' },
});

// A range in a query string (the calendar's feed, busy time, exports, travel legs): read in a zone.

const localDateTime = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** A range bound: an instant with offset, or a date / local date-time read in `zone`. */
export function parseBound(value: string, zone: string): number | null {
  const instant = parseInstant(value);
  if (instant !== null) return instant;
  const date = parseDateOnly(value);
  if (date !== null) return wallToInstant(zone, date);
  const m = localDateTime.exec(value);
  if (!m || parseDateOnly(`${m[1]}-${m[2]}-${m[3]}`) === null) return null;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return Number(m[4]) > 23 || Number(m[5]) > 59 ? null : wallToInstant(zone, wall);
}

/** Checks the query's range (≤ 100 days, docs/PRODUCT.md, "Limits") against the workspace zone. */
export function rangeOf(query: CalendarQuery, workspaceZone: string): { start: number; end: number } {
  if (query.timeZone !== undefined && !isTimeZone(query.timeZone)) {
    throw fieldError('timeZone', text(refusals.zone));
  }
  return boundsOf(query, query.timeZone ?? workspaceZone, limits.calendarRangeDays);
}

/** The instants a query's `start` and `end` name in `zone`: a non-empty range of at most `maxDays` days. */
export function boundsOf(query: { start: string; end: string }, zone: string, maxDays: number) {
  const start = parseBound(query.start, zone);
  if (start === null) throw fieldError('start', text(refusals.start));
  const end = parseBound(query.end, zone);
  if (end === null) throw fieldError('end', text(refusals.end));
  if (end <= start) throw fieldError('end', text(refusals.order));
  if (end - start > maxDays * dayMs) {
    throw fieldError('end', text(refusals.tooLong, { days: String(maxDays) }));
  }
  return { start, end };
}
