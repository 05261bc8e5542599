import { dayMs } from './dates.js';
import type { RecurrenceRule } from './rule.js';

/**
 * Arithmetic expansion of the commonest rules — DAILY, and WEEKLY on plain weekdays (BYDAY without
 * ordinals) — on floating wall-clock ms. rrule builds calendar masks per call, which costs tens of
 * microseconds per series; this jumps straight to the range and costs nothing per skipped week.
 * Semantics are rrule's (RFC 5545): weeks start on WKST (default Monday), DTSTART's time of day,
 * no occurrence before DTSTART, COUNT from DTSTART, UNTIL inclusive. Verified against rrule in tests.
 */
export interface WallRule {
  /** Occurrence starts (wall ms) within [from, to], inclusive. */
  between(from: number, to: number): number[];
  /** Every occurrence start, at most `max`. */
  all(max: number): number[];
}

/** Monday = 0 … Sunday = 6, for a day number since 1970-01-01 (a Thursday). */
const weekdayOf = (day: number) => (((day + 3) % 7) + 7) % 7;

/** The fast expansion of `rule` from `wallStart`, or null when the rule needs rrule. */
export function fastRule(rule: RecurrenceRule, wallStart: number, untilWall: number | null): WallRule | null {
  const plainDays = rule.byDay.every((d) => d.nth === null);
  if (rule.byMonthDay.length > 0 || rule.byMonth.length > 0 || !plainDays) return null;
  if (rule.freq !== 'DAILY' && rule.freq !== 'WEEKLY') return null;
  if (rule.freq === 'DAILY' && rule.byDay.length > 0) return null;
  const day0 = Math.floor(wallStart / dayMs);
  const timeOfDay = wallStart - day0 * dayMs;
  const count = rule.count ?? Number.POSITIVE_INFINITY;
  const until = untilWall ?? Number.POSITIVE_INFINITY;

  // Day offsets of the occurrences within one period (a day, or a week starting on WKST).
  let period = 1;
  let periodStart = day0;
  let offsets = [0];
  if (rule.freq === 'WEEKLY') {
    const wkst = rule.wkst ?? 0;
    const days = rule.byDay.length > 0 ? rule.byDay.map((d) => d.weekday) : [weekdayOf(day0)];
    offsets = [...new Set(days.map((w) => (w - wkst + 7) % 7))].sort((a, b) => a - b);
    period = 7;
    periodStart = day0 - ((weekdayOf(day0) - wkst + 7) % 7);
  }
  const step = period * rule.interval;
  // Occurrences of the first period (those not before DTSTART) and of each later one.
  const firstCount = offsets.filter((o) => periodStart + o >= day0).length;

  function collect(fromDay: number, toWall: number, max: number): number[] {
    const out: number[] = [];
    let p = Math.max(0, Math.floor((fromDay - periodStart) / step));
    let index = p === 0 ? 0 : firstCount + (p - 1) * offsets.length;
    while (index < count && out.length < max) {
      const base = periodStart + p * step;
      for (const offset of offsets) {
        const day = base + offset;
        if (day < day0) continue;
        if (index >= count) return out;
        const wall = day * dayMs + timeOfDay;
        if (wall > until || wall > toWall) return out;
        index += 1;
        if (day >= fromDay) out.push(wall);
        if (out.length >= max) return out;
      }
      p += 1;
    }
    return out;
  }

  return {
    between: (from, to) =>
      collect(Math.floor((from - timeOfDay) / dayMs), to, Number.POSITIVE_INFINITY).filter((w) => w >= from),
    all: (max) => collect(day0, Number.POSITIVE_INFINITY, max),
  };
}
