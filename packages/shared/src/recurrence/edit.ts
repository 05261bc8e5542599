import { dayMs } from './dates.js';
import type { RecurrenceRule } from './rule.js';

/**
 * The rule of a series cut just before the occurrence `key` ("this and following" ends the old
 * series there): COUNT becomes UNTIL, so the kept occurrences stay exactly those before `key`.
 */
export function ruleEndingBefore(rule: RecurrenceRule, key: number, allDay: boolean): RecurrenceRule {
  return {
    ...rule,
    count: null,
    until: allDay ? { kind: 'date', ms: key - dayMs } : { kind: 'utc', ms: key - 1000 },
  };
}

/** The rule of the new series that continues after `before` occurrences of the old one. */
export function ruleContinuing(rule: RecurrenceRule, before: number): RecurrenceRule {
  return rule.count === null ? rule : { ...rule, count: Math.max(1, rule.count - before) };
}

/**
 * The rule moved by `days` whole days (a series dragged from Monday to Tuesday): weekdays of
 * BYDAY shift with it. Null when the rule pins days that cannot shift (BYMONTHDAY, BYMONTH or
 * "2nd Tuesday"): the caller must send a new rule.
 */
export function ruleShiftedByDays(rule: RecurrenceRule, days: number): RecurrenceRule | null {
  if (days === 0) return rule;
  if (rule.byMonthDay.length > 0 || rule.byMonth.length > 0) return null;
  if (rule.byDay.some((d) => d.nth !== null)) return null;
  const shift = (((days % 7) + 7) % 7) as number;
  return { ...rule, byDay: rule.byDay.map((d) => ({ weekday: (d.weekday + shift) % 7, nth: null })) };
}
