import { describe, expect, it } from 'vitest';
import { ruleContinuing, ruleEndingBefore, ruleShiftedByDays } from './edit.js';
import { formatRule, parseRule } from './rule.js';
import { rruleFieldIssue } from './validate.js';

const message = (value: string) => {
  const result = parseRule(value);
  return result.ok ? null : result.message;
};
const rule = (value: string) => {
  const result = parseRule(value);
  if (!result.ok) throw new Error(result.message);
  return result.rule;
};

describe('parseRule', () => {
  it.each([
    'FREQ=DAILY;COUNT=5',
    'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10',
    'FREQ=MONTHLY;BYDAY=2TU;COUNT=12',
    'FREQ=MONTHLY;BYDAY=-1FR;UNTIL=20271231',
    'FREQ=MONTHLY;BYMONTHDAY=15,-1;COUNT=24',
    'FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=3;UNTIL=20300101T000000Z',
    'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;WKST=MO;COUNT=500',
  ])('accepts %s and writes it back the same', (value) => {
    expect(formatRule(rule(value))).toBe(value);
  });

  it('is lenient about case and an RRULE: prefix', () => {
    expect(formatRule(rule('rrule:freq=weekly;byday=mo;count=3'))).toBe('FREQ=WEEKLY;BYDAY=MO;COUNT=3');
  });

  it.each([
    ['', /empty/],
    ['FREQ=HOURLY;COUNT=3', /FREQ=DAILY, WEEKLY, MONTHLY or YEARLY/],
    ['COUNT=3', /FREQ/],
    ['FREQ=WEEKLY;COUNT=10000', /COUNT must be between 1 and 500/],
    ['FREQ=WEEKLY;COUNT=0', /COUNT/],
    ['FREQ=WEEKLY', /must end/],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20270101', /COUNT or UNTIL/],
    ['FREQ=WEEKLY;BYDAY=XX;COUNT=3', /BYDAY/],
    ['FREQ=WEEKLY;BYDAY=2TU;COUNT=3', /only for monthly or yearly/],
    ['FREQ=MONTHLY;BYDAY=6TU;COUNT=3', /1 to 5/],
    ['FREQ=MONTHLY;BYMONTHDAY=32;COUNT=3', /BYMONTHDAY/],
    ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;COUNT=3', /never falls/],
    ['FREQ=WEEKLY;BYHOUR=9;COUNT=3', /BYHOUR is not supported/],
    ['FREQ=WEEKLY;INTERVAL=0;COUNT=3', /INTERVAL/],
    ['FREQ=WEEKLY;UNTIL=2027-01-01', /UNTIL must be a date/],
    ['FREQ=WEEKLY;UNTIL=20270230', /UNTIL must be a date/],
    ['FREQ=WEEKLY;;COUNT=3', /KEY=VALUE/],
    ['FREQ=WEEKLY;COUNT=3;COUNT=4', /twice/],
    ['not a rule at all', /KEY=VALUE/],
  ])('refuses %j with a message naming the problem', (value, expected) => {
    expect(message(value)).toMatch(expected);
  });
});

describe('rruleFieldIssue (limits that need the start)', () => {
  const rruleIssue = (rrule: string, start: number) => rruleFieldIssue(rrule, start)?.message ?? null;
  const start = Date.parse('2026-03-02T08:00:00Z');
  it('allows UNTIL up to 5 years after the start', () => {
    expect(rruleIssue('FREQ=WEEKLY;UNTIL=20310301T000000Z', start)).toBeNull();
  });
  it('refuses UNTIL 10 years away and UNTIL before the start', () => {
    expect(rruleIssue('FREQ=WEEKLY;UNTIL=20360301T000000Z', start)).toMatch(/at most 5 years/);
    expect(rruleIssue('FREQ=WEEKLY;UNTIL=20250101', start)).toMatch(/before the start/);
  });
});

describe('series edits', () => {
  it('ends a series before an occurrence, turning COUNT into UNTIL', () => {
    const key = Date.parse('2026-03-23T08:00:00Z');
    expect(formatRule(ruleEndingBefore(rule('FREQ=WEEKLY;BYDAY=MO;COUNT=10'), key, false))).toBe(
      'FREQ=WEEKLY;BYDAY=MO;UNTIL=20260323T075959Z',
    );
    expect(formatRule(ruleEndingBefore(rule('FREQ=DAILY;COUNT=10'), Date.UTC(2026, 2, 23), true))).toBe(
      'FREQ=DAILY;UNTIL=20260322',
    );
  });

  it('continues with the remaining count', () => {
    expect(formatRule(ruleContinuing(rule('FREQ=WEEKLY;COUNT=10'), 3))).toBe('FREQ=WEEKLY;COUNT=7');
    expect(formatRule(ruleContinuing(rule('FREQ=WEEKLY;UNTIL=20261231'), 3))).toBe('FREQ=WEEKLY;UNTIL=20261231');
  });

  it('moves weekdays with a series dragged to another day, and refuses rules pinned to days', () => {
    const shifted = ruleShiftedByDays(rule('FREQ=WEEKLY;BYDAY=MO,SU;COUNT=4'), 1);
    expect(shifted && formatRule(shifted)).toBe('FREQ=WEEKLY;BYDAY=TU,MO;COUNT=4');
    expect(ruleShiftedByDays(rule('FREQ=MONTHLY;BYDAY=2TU;COUNT=4'), 1)).toBeNull();
    expect(ruleShiftedByDays(rule('FREQ=MONTHLY;BYMONTHDAY=3;COUNT=4'), -1)).toBeNull();
    expect(ruleShiftedByDays(rule('FREQ=MONTHLY;COUNT=4'), 2)).toEqual(rule('FREQ=MONTHLY;COUNT=4'));
  });
});
