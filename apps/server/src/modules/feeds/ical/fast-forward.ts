import { dayMs, instantToWall } from '@fieldplan/shared';
import ICAL from 'ical.js';
import { ianaZoneOf } from './zones.js';

/**
 * Where to start walking a series for a range, instead of at DTSTART: ical.js only walks forward
 * from a start, so an endless daily rule from 1900 would walk 46,000 days (and nine times that
 * with BYHOUR=9..17) to reach this week. A start moved forward by whole periods of the rule lies
 * in the same phase and yields the same occurrences from there on. Null when the walk must start
 * at DTSTART: COUNT counts from it, several RRULEs, or the range begins before the series does.
 *
 * The walk is in wall-clock time (as ical.js iterates), so the shift is in whole wall days, weeks,
 * months or years. Defaults a rule takes from DTSTART stay valid: the time of day is kept; a
 * monthly rule without BYDAY/BYMONTHDAY gets its day of month written out before the start moves
 * to the 1st; a yearly one keeps its month and day (skipped for 29 February).
 */
export function fastForwardStart(master: ICAL.Component, start: ICAL.Time, lookFrom: number): ICAL.Time | null {
  const rules = master.getAllProperties('rrule');
  const rule = rules[0]?.getFirstValue();
  if (rules.length !== 1 || !(rule instanceof ICAL.Recur) || rule.count) return null;
  const startWall = Date.UTC(start.year, start.month - 1, start.day, start.hour, start.minute, start.second);
  // A day of slack either side for the zone (the walk is wall-clock, `lookFrom` an instant).
  const target = lookFrom - 2 * dayMs;
  if (!Number.isFinite(target) || target <= startWall) return null;
  const interval = Math.max(1, rule.interval || 1);
  const parts = rule.parts as Record<string, unknown[] | undefined>;
  const moved = start.clone();
  switch (rule.freq) {
    case 'SECONDLY':
    case 'MINUTELY':
    case 'HOURLY':
    case 'DAILY':
    case 'WEEKLY': {
      const unitMs = { SECONDLY: 1_000, MINUTELY: 60_000, HOURLY: 3_600_000, DAILY: dayMs, WEEKLY: 7 * dayMs }[
        rule.freq
      ];
      // Whole days that are also whole periods: the rule's phase and the time of day both stay.
      const period = unitMs * interval;
      const days = period / gcd(period, dayMs);
      const shift = Math.floor((target - startWall) / dayMs / days) * days;
      if (shift <= 0) return null;
      moved.adjust(shift, 0, 0, 0);
      return moved;
    }
    case 'MONTHLY': {
      if (parts.BYWEEKNO || parts.BYYEARDAY) return null;
      const targetDate = new Date(target);
      const months = (targetDate.getUTCFullYear() - start.year) * 12 + targetDate.getUTCMonth() + 1 - start.month;
      const shift = Math.floor(months / interval) * interval;
      if (shift <= 0) return null;
      if (!parts.BYDAY && !parts.BYMONTHDAY) rule.parts.BYMONTHDAY = [start.day];
      const month = start.year * 12 + start.month - 1 + shift;
      moved.year = Math.floor(month / 12);
      moved.month = (month % 12) + 1;
      moved.day = 1;
      return moved;
    }
    case 'YEARLY': {
      if (start.month === 2 && start.day === 29) return null;
      const years = new Date(target).getUTCFullYear() - start.year;
      const shift = Math.floor(years / interval) * interval;
      if (shift <= 0) return null;
      moved.year += shift;
      return moved;
    }
    default:
      return null;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * RFC 5545 writes UNTIL in UTC for a zoned start, and the occurrence at UNTIL is included. Zones
 * our own rules know are stored without their VTIMEZONE, so ical.js sees such a start as floating
 * and compared the wall clock with UTC: east of Greenwich the last occurrence was dropped. UNTIL
 * becomes the same instant as wall-clock time in the start's zone, which ical.js compares like
 * for like. Idempotent (a floating UNTIL is left alone).
 */
export function alignUntil(master: ICAL.Component, start: ICAL.Time, startTzid: string | null, floatingZone: string) {
  if (start.isDate || start.zone === ICAL.Timezone.utcTimezone || start.zone?.tzid === 'UTC') return;
  if (start.zone && start.zone !== ICAL.Timezone.localTimezone && start.zone.component) return;
  for (const prop of master.getAllProperties('rrule')) {
    const rule = prop.getFirstValue();
    const until = rule instanceof ICAL.Recur ? rule.until : null;
    if (!(rule instanceof ICAL.Recur) || !until || until.isDate) continue;
    if (until.zone !== ICAL.Timezone.utcTimezone && until.zone?.tzid !== 'UTC') continue;
    const ms = Date.UTC(until.year, until.month - 1, until.day, until.hour, until.minute, until.second);
    const zone = (startTzid && ianaZoneOf(startTzid)) || floatingZone;
    const wall = new Date(instantToWall(zone, ms));
    rule.until = ICAL.Time.fromData({
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
      isDate: false,
    });
  }
}
