import { dayMs } from './dates.js';
import { fastRule, type WallRule } from './fast-rule.js';
import { RRule, type RRuleOptions } from './rrule-lib.js';
import { parseRule, type RecurrenceRule } from './rule.js';
import { instantToWall, wallToInstant } from './zone.js';

/**
 * A series' timing: `start`/`end` of the first occurrence (DTSTART), as instants for timed jobs or
 * as dates (UTC-midnight ms, end exclusive) for all-day jobs; every occurrence lasts `end − start`.
 */
export interface SeriesTiming {
  start: number;
  end: number;
  allDay: boolean;
  rrule: string;
}

/** One occurrence; `key` is its original start (the key of exceptions). Same units as the series. */
export interface Occurrence {
  key: number;
  start: number;
  end: number;
}

const weekdays = [RRule.MO, RRule.TU, RRule.WE, RRule.TH, RRule.FR, RRule.SA, RRule.SU];
const freqs = { DAILY: RRule.DAILY, WEEKLY: RRule.WEEKLY, MONTHLY: RRule.MONTHLY, YEARLY: RRule.YEARLY };

const parsed = new Map<string, RecurrenceRule>();
function cachedRule(value: string): RecurrenceRule {
  let rule = parsed.get(value);
  if (!rule) {
    const result = parseRule(value);
    if (!result.ok) throw new Error(`Invalid recurrence rule "${value}": ${result.message}`);
    rule = result.rule;
    if (parsed.size > 5000) parsed.clear();
    parsed.set(value, rule);
  }
  return rule;
}

/** UNTIL as a wall time of the series' zone (inclusive bound). */
export function untilWall(rule: RecurrenceRule, allDay: boolean, zone: string): number | null {
  const until = rule.until;
  if (!until) return null;
  if (until.kind === 'date') return allDay ? until.ms : until.ms + dayMs - 1;
  if (until.kind === 'floating') return until.ms;
  return instantToWall(zone, until.ms);
}

/**
 * The rule on "floating" wall-clock time: ms whose UTC fields are local times of the zone.
 * Expanding there and converting each result back keeps 09:00 at 09:00 across DST changes, and
 * avoids rrule's per-occurrence time-zone conversion (its `tzid` path), which is far slower.
 * Daily and plain weekly rules take the arithmetic path (./fast-rule.ts); the rest go to rrule.
 */
function floatingRule(series: SeriesTiming, zone: string): WallRule {
  const rule = cachedRule(series.rrule);
  const wallStart = series.allDay ? series.start : instantToWall(zone, series.start);
  const until = untilWall(rule, series.allDay, zone);
  return fastRule(rule, wallStart, until) ?? rruleWallRule(rule, wallStart, until);
}

/** The rule expanded by the rrule library (RFC 5545's reference implementation for JavaScript). */
export function rruleWallRule(rule: RecurrenceRule, wallStart: number, until: number | null): WallRule {
  const options: Partial<RRuleOptions> = {
    freq: freqs[rule.freq],
    interval: rule.interval,
    dtstart: new Date(wallStart),
    ...(rule.byDay.length > 0 && {
      byweekday: rule.byDay.map((d) => {
        const weekday = weekdays[d.weekday] ?? RRule.MO;
        return d.nth === null ? weekday : weekday.nth(d.nth);
      }),
    }),
    ...(rule.byMonthDay.length > 0 && { bymonthday: rule.byMonthDay }),
    ...(rule.byMonth.length > 0 && { bymonth: rule.byMonth }),
    ...(rule.count !== null && { count: rule.count }),
    ...(until !== null && { until: new Date(until) }),
    ...(rule.wkst !== null && { wkst: rule.wkst }),
  };
  const rrule = new RRule(options, true);
  return {
    between: (from, to) => rrule.between(new Date(from), new Date(to), true).map((d) => d.getTime()),
    all: (max) => rrule.all((_date, i) => i < max).map((d) => d.getTime()),
  };
}

function toOccurrence(series: SeriesTiming, zone: string, wall: number): Occurrence {
  const duration = series.end - series.start;
  const start = series.allDay ? wall : wallToInstant(zone, wall);
  return { key: start, start, end: start + duration };
}

/**
 * True when an occurrence (instants for timed, dates for all-day) overlaps [rangeStart, rangeEnd),
 * given as instants. All-day dates are read as local days of the zone.
 */
export function overlapsRange(
  allDay: boolean,
  start: number,
  end: number,
  zone: string,
  rangeStart: number,
  rangeEnd: number,
): boolean {
  if (!allDay) return start < rangeEnd && end > rangeStart;
  return start < instantToWall(zone, rangeEnd) && end > instantToWall(zone, rangeStart);
}

/** The series' occurrences overlapping [rangeStart, rangeEnd) (instants), ignoring exceptions. */
export function occurrencesBetween(
  series: SeriesTiming,
  zone: string,
  rangeStart: number,
  rangeEnd: number,
): Occurrence[] {
  const duration = series.end - series.start;
  const wallFrom = instantToWall(zone, rangeStart) - duration - dayMs;
  const wallTo = instantToWall(zone, rangeEnd) + dayMs;
  const out: Occurrence[] = [];
  for (const wall of floatingRule(series, zone).between(wallFrom, wallTo)) {
    const occurrence = toOccurrence(series, zone, wall);
    if (overlapsRange(series.allDay, occurrence.start, occurrence.end, zone, rangeStart, rangeEnd)) {
      out.push(occurrence);
    }
  }
  return out;
}

/** Every occurrence of the series (the rule always ends: COUNT ≤ 500 or UNTIL ≤ 5 years). */
export function allOccurrences(series: SeriesTiming, zone: string, max = 5000): Occurrence[] {
  return floatingRule(series, zone)
    .all(max)
    .map((wall) => toOccurrence(series, zone, wall));
}

/** True when the series' start is itself an occurrence of its rule (DTSTART in sync with RRULE). */
export function startsOnRule(series: SeriesTiming, zone: string): boolean {
  const wallStart = series.allDay ? series.start : instantToWall(zone, series.start);
  return floatingRule(series, zone).between(wallStart, wallStart)[0] === wallStart;
}

/** True when `key` is the original start of one of the series' occurrences. */
export function isOccurrence(series: SeriesTiming, zone: string, key: number): boolean {
  return occurrencesBetween(series, zone, key - dayMs, key + dayMs).some((o) => o.key === key);
}

/** How many occurrences start before `key`. */
export function countBefore(series: SeriesTiming, zone: string, key: number): number {
  return allOccurrences(series, zone).filter((o) => o.key < key).length;
}

/** The end of the series' last occurrence (same units as the series). */
export function seriesEnd(series: SeriesTiming, zone: string): number {
  const all = allOccurrences(series, zone);
  return all[all.length - 1]?.end ?? series.end;
}

/** A changed or cancelled occurrence; `start`/`end` are its new times when moved. */
export interface OccurrenceException {
  key: number;
  kind: 'moved' | 'cancelled';
  start: number | null;
  end: number | null;
}

/**
 * Where a moved occurrence lies: its own start (else its original one), and its own end (else the
 * series' duration from that start). Same units as the series.
 */
export function movedTimes(series: Pick<SeriesTiming, 'start' | 'end'>, e: OccurrenceException): Occurrence {
  const start = e.start ?? e.key;
  return { key: e.key, start, end: e.end ?? start + (series.end - series.start) };
}

export interface ExpandedOccurrence<E> extends Occurrence {
  exception: E | null;
}

/**
 * The occurrences in range with exceptions applied: cancelled ones removed, moved ones at their
 * new time (included when the new time is in range, wherever the original was). Sorted by start.
 */
export function expandSeries<E extends OccurrenceException>(
  series: SeriesTiming,
  exceptions: readonly E[],
  zone: string,
  rangeStart: number,
  rangeEnd: number,
): ExpandedOccurrence<E>[] {
  const byKey = new Map<number, E>();
  for (const e of exceptions) byKey.set(e.key, e);
  const out: ExpandedOccurrence<E>[] = [];
  for (const o of occurrencesBetween(series, zone, rangeStart, rangeEnd)) {
    if (!byKey.has(o.key)) out.push({ ...o, exception: null });
  }
  for (const e of exceptions) {
    if (e.kind !== 'moved') continue;
    const { start, end } = movedTimes(series, e);
    if (overlapsRange(series.allDay, start, end, zone, rangeStart, rangeEnd)) {
      out.push({ key: e.key, start, end, exception: e });
    }
  }
  if (byKey.size > 0) out.sort((a, b) => a.start - b.start || a.key - b.key);
  return out;
}
