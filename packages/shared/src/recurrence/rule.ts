import { icalDate, icalDateTime } from './dates.js';

/** Limits of docs/PRODUCT.md, "Limits" for recurring jobs. */
export const recurrenceLimits = { maxCount: 500, maxUntilYears: 5, maxInterval: 99 } as const;

export const frequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof frequencies)[number];

/** RFC 5545 weekday codes in rrule's order (0 = Monday). */
export const weekdayCodes = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type WeekdayCode = (typeof weekdayCodes)[number];

export interface ByDay {
  /** 0 = Monday … 6 = Sunday. */
  weekday: number;
  /** Ordinal within the month or year (`2TU` → 2, `-1FR` → −1); null for every such weekday. */
  nth: number | null;
}

/**
 * UNTIL as written: `date` is a calendar date (UTC midnight ms, inclusive), `utc` an instant,
 * `floating` a local wall time held as UTC fields.
 */
export type Until = { kind: 'date' | 'utc' | 'floating'; ms: number };

/** The supported subset of an RFC 5545 RRULE value, parsed. */
export interface RecurrenceRule {
  freq: Frequency;
  interval: number;
  byDay: ByDay[];
  byMonthDay: number[];
  byMonth: number[];
  count: number | null;
  until: Until | null;
  wkst: number | null;
}

/** A rule that repeats every `interval` periods with no other part: the start the other parts are set on. */
export function plainRule(freq: Frequency, interval = 1): RecurrenceRule {
  return { freq, interval, byDay: [], byMonthDay: [], byMonth: [], count: null, until: null, wkst: null };
}

/** The rule part a problem lies in (`COUNT`, `BYDAY` …), or null when it concerns the rule as a whole. */
export type RulePart = (typeof supportedKeys)[number];

export type RuleResult = { ok: true; rule: RecurrenceRule } | { ok: false; message: string; part: RulePart | null };

const supportedKeys = ['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'BYMONTH', 'COUNT', 'UNTIL', 'WKST'] as const;
const isSupported = (key: string): key is RulePart => (supportedKeys as readonly string[]).includes(key);
const intPattern = /^[+-]?\d{1,4}$/;

function fail(message: string, part: RulePart | null): RuleResult {
  return { ok: false, message, part };
}

function parseIntList(value: string, key: string, min: number, max: number, allowNegative: boolean) {
  const out: number[] = [];
  for (const item of value.split(',')) {
    const n = intPattern.test(item) ? Number(item) : Number.NaN;
    const valid = Number.isInteger(n) && Math.abs(n) >= min && Math.abs(n) <= max && (allowNegative || n > 0);
    if (!valid)
      return `${key} values must be whole numbers from ${min} to ${max}${allowNegative ? ' (or negative)' : ''}`;
    out.push(n);
  }
  return out;
}

function parseUntil(value: string): Until | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z?))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [h, mi, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  if (m[4] === undefined) return { kind: 'date', ms };
  return { kind: m[7] ? 'utc' : 'floating', ms };
}

/** Parses an RRULE value (`FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10`); the message names what is wrong. */
export function parseRule(value: string): RuleResult {
  const text = value.trim().replace(/^RRULE:/i, '');
  if (text === '') return fail('Recurrence rule is empty', null);
  const parts = new Map<RulePart, string>();
  for (const part of text.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return fail(`Recurrence rule part "${part}" must look like KEY=VALUE`, null);
    const key = part.slice(0, eq).toUpperCase();
    const val = part.slice(eq + 1).toUpperCase();
    if (!isSupported(key)) {
      return fail(`Recurrence rule part ${key} is not supported (use ${supportedKeys.join(', ')})`, null);
    }
    if (parts.has(key)) return fail(`Recurrence rule gives ${key} twice`, key);
    if (val === '') return fail(`Recurrence rule part ${key} has no value`, key);
    parts.set(key, val);
  }
  const freq = parts.get('FREQ');
  if (!freq || !(frequencies as readonly string[]).includes(freq)) {
    return fail('Recurrence rule needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY', 'FREQ');
  }
  const rule = plainRule(freq as Frequency);
  const interval = parts.get('INTERVAL');
  if (interval !== undefined) {
    const n = /^\d{1,3}$/.test(interval) ? Number(interval) : 0;
    if (n < 1 || n > recurrenceLimits.maxInterval) {
      return fail(`INTERVAL must be a whole number from 1 to ${recurrenceLimits.maxInterval}`, 'INTERVAL');
    }
    rule.interval = n;
  }
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) {
    for (const item of byDay.split(',')) {
      const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(item);
      if (!m) return fail(`BYDAY value "${item}" must be a weekday like MO or, monthly, 2TU or -1FR`, 'BYDAY');
      const nth = m[1] === undefined ? null : Number(m[1]);
      if (nth !== null) {
        if (rule.freq !== 'MONTHLY' && rule.freq !== 'YEARLY') {
          return fail(`BYDAY "${item}" with a number is only for monthly or yearly rules`, 'BYDAY');
        }
        const max = rule.freq === 'MONTHLY' ? 5 : 53;
        if (nth === 0 || Math.abs(nth) > max)
          return fail(`BYDAY "${item}": the number must be 1 to ${max} or -1 to -${max}`, 'BYDAY');
      }
      rule.byDay.push({ weekday: weekdayCodes.indexOf(m[2] as WeekdayCode), nth });
    }
  }
  const byMonthDay = parts.get('BYMONTHDAY');
  if (byMonthDay !== undefined) {
    const list = parseIntList(byMonthDay, 'BYMONTHDAY', 1, 31, true);
    if (typeof list === 'string') return fail(list, 'BYMONTHDAY');
    if (rule.freq === 'WEEKLY') return fail('BYMONTHDAY is not allowed in a weekly rule', 'BYMONTHDAY');
    rule.byMonthDay = list;
  }
  const byMonth = parts.get('BYMONTH');
  if (byMonth !== undefined) {
    const list = parseIntList(byMonth, 'BYMONTH', 1, 12, false);
    if (typeof list === 'string') return fail(list, 'BYMONTH');
    rule.byMonth = list;
  }
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count !== undefined && until !== undefined) return fail('Use COUNT or UNTIL, not both', 'COUNT');
  if (count !== undefined) {
    const n = /^\d{1,6}$/.test(count) ? Number(count) : 0;
    if (n < 1 || n > recurrenceLimits.maxCount) {
      return fail(`COUNT must be between 1 and ${recurrenceLimits.maxCount} occurrences`, 'COUNT');
    }
    rule.count = n;
  }
  if (until !== undefined) {
    rule.until = parseUntil(until);
    if (!rule.until) return fail('UNTIL must be a date like 20261231 or a UTC time like 20261231T235959Z', 'UNTIL');
  }
  if (rule.count === null && rule.until === null) {
    return fail(
      `Recurrence must end: add COUNT (1–${recurrenceLimits.maxCount}) or UNTIL (within ${recurrenceLimits.maxUntilYears} years)`,
      'COUNT',
    );
  }
  const wkst = parts.get('WKST');
  if (wkst !== undefined) {
    const index = weekdayCodes.indexOf(wkst as WeekdayCode);
    if (index < 0) return fail('WKST must be a weekday like MO', 'WKST');
    rule.wkst = index;
  }
  if (rule.byMonth.length > 0 && rule.byMonthDay.length > 0 && !monthDayPossible(rule)) {
    return fail('BYMONTHDAY never falls in the chosen BYMONTH, so the rule has no occurrences', 'BYMONTHDAY');
  }
  return { ok: true, rule };
}

const daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
function monthDayPossible(rule: RecurrenceRule): boolean {
  return rule.byMonth.some((month) => rule.byMonthDay.some((day) => Math.abs(day) <= (daysInMonth[month - 1] ?? 31)));
}

/** Writes a rule back as an RRULE value, in the canonical key order. */
export function formatRule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval !== 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.byDay.length > 0) {
    parts.push(`BYDAY=${rule.byDay.map((d) => `${d.nth ?? ''}${weekdayCodes[d.weekday]}`).join(',')}`);
  }
  if (rule.byMonthDay.length > 0) parts.push(`BYMONTHDAY=${rule.byMonthDay.join(',')}`);
  if (rule.byMonth.length > 0) parts.push(`BYMONTH=${rule.byMonth.join(',')}`);
  if (rule.wkst !== null) parts.push(`WKST=${weekdayCodes[rule.wkst]}`);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  if (rule.until) {
    const u = rule.until;
    parts.push(`UNTIL=${u.kind === 'date' ? icalDate(u.ms) : `${icalDateTime(u.ms)}${u.kind === 'utc' ? 'Z' : ''}`}`);
  }
  return parts.join(';');
}
