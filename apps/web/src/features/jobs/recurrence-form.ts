import {
  dayMs,
  formatDateOnly,
  formatRule,
  instantToWall,
  parseDateOnly,
  parseRule,
  plainRule,
  recurrenceLimits,
  wallToInstant,
} from '@fieldplan/shared';

export const repeatKinds = ['none', 'DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type RepeatKind = (typeof repeatKinds)[number];

/** The recurrence editor's fields; `custom` keeps a rule the editor can't show (BYMONTH lists …). */
export interface RecurrenceForm {
  freq: RepeatKind;
  interval: number;
  /** Weekdays of a weekly rule, 0 = Monday (RFC 5545's order). */
  weekdays: number[];
  /** Monthly: on the start's day of month, or on its weekday ("2nd Tuesday"). */
  monthly: 'day' | 'nth';
  ends: 'never' | 'count' | 'until';
  count: number;
  /** `YYYY-MM-DD`, the last day the series may fall on. */
  until: string;
  custom: string | null;
}

export const noRecurrence: RecurrenceForm = {
  freq: 'none',
  interval: 1,
  weekdays: [],
  monthly: 'day',
  ends: 'count',
  count: 10,
  until: '',
  custom: null,
};

/** Monday-first weekday (0 = Mon) of a wall date. */
export const weekdayOf = (wallDate: number) => (new Date(wallDate).getUTCDay() + 6) % 7;

/** "2nd Tuesday": the ordinal of the date's weekday in its month (the 5th becomes "last", −1). */
export function nthOf(wallDate: number): number {
  const day = new Date(wallDate).getUTCDate();
  const n = Math.ceil(day / 7);
  return n >= 5 ? -1 : n;
}

function addYears(date: number, years: number): number {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime();
}

/** "Never" ends at the longest a series may run (docs/PRODUCT.md, "Limits": until ≤ 5 years). */
export const neverUntil = (startDate: number) => addYears(startDate, recurrenceLimits.maxUntilYears) - dayMs;

/**
 * The RRULE value for the editor's fields, given the first occurrence's local date (`startDate`,
 * UTC midnight ms) — or null for "does not repeat". UNTIL is the end of the chosen local day.
 */
export function recurrenceToRule(
  form: RecurrenceForm,
  startDate: number,
  allDay: boolean,
  zone: string,
): string | null {
  if (form.custom) return form.custom;
  if (form.freq === 'none') return null;
  const rule = plainRule(form.freq, form.interval);
  if (form.freq === 'WEEKLY') {
    const days = form.weekdays.length > 0 ? form.weekdays : [weekdayOf(startDate)];
    rule.byDay = [...days].sort((a, b) => a - b).map((weekday) => ({ weekday, nth: null }));
  }
  if (form.freq === 'MONTHLY') {
    if (form.monthly === 'nth') rule.byDay = [{ weekday: weekdayOf(startDate), nth: nthOf(startDate) }];
    else rule.byMonthDay = [new Date(startDate).getUTCDate()];
  }
  if (form.ends === 'count') rule.count = form.count;
  else {
    const last = form.ends === 'never' ? neverUntil(startDate) : parseDateOnly(form.until);
    // No date yet: the rule has no end, which the shared check refuses (and the form says why).
    if (last === null) rule.until = null;
    else if (allDay) rule.until = { kind: 'date', ms: last };
    else rule.until = { kind: 'utc', ms: wallToInstant(zone, last + dayMs) - 1000 };
  }
  return formatRule(rule);
}

/** The editor's fields for an existing rule; rules it can't show stay as `custom`. */
export function ruleToRecurrence(rrule: string | null, startDate: number, zone: string): RecurrenceForm {
  if (!rrule) return noRecurrence;
  const parsed = parseRule(rrule);
  const custom = { ...noRecurrence, freq: 'WEEKLY' as const, custom: rrule };
  if (!parsed.ok) return custom;
  const r = parsed.rule;
  if (r.byMonth.length > 0 || r.byMonthDay.length > 1 || r.wkst !== null) return custom;
  const form: RecurrenceForm = { ...noRecurrence, freq: r.freq, interval: r.interval };
  if (r.freq === 'WEEKLY') {
    if (r.byDay.some((d) => d.nth !== null)) return custom;
    form.weekdays = r.byDay.map((d) => d.weekday);
  } else if (r.freq === 'MONTHLY') {
    if (r.byDay.length > 1 || (r.byDay.length === 1 && r.byMonthDay.length > 0)) return custom;
    form.monthly = r.byDay.length === 1 ? 'nth' : 'day';
  } else if (r.byDay.length > 0 || r.byMonthDay.length > 0) return custom;
  if (r.count !== null) {
    form.ends = 'count';
    form.count = r.count;
  } else if (r.until) {
    const ms = r.until.kind === 'utc' ? instantToWall(zone, r.until.ms) : r.until.ms;
    const date = Math.floor(ms / dayMs) * dayMs;
    form.ends = date >= neverUntil(startDate) - dayMs ? 'never' : 'until';
    form.until = formatDateOnly(date);
  }
  return form;
}
