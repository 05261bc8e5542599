import { describe, expect, it } from 'vitest';
import { describeRule } from './summary.js';

describe('describeRule', () => {
  it.each([
    ['FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=10', 'Every 2 weeks on Mon and Wed, 10 times'],
    ['FREQ=DAILY;COUNT=1', 'Every day, once'],
    ['FREQ=DAILY;INTERVAL=3;COUNT=5', 'Every 3 days, 5 times'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;COUNT=20', 'Every week on weekdays, 20 times'],
    ['FREQ=WEEKLY;BYDAY=FR,MO,WE;COUNT=9', 'Every week on Mon, Wed and Fri, 9 times'],
    ['FREQ=MONTHLY;BYDAY=2TU;COUNT=12', 'Every month on the 2nd Tue, 12 times'],
    ['FREQ=MONTHLY;BYDAY=-1FR;COUNT=3', 'Every month on the last Fri, 3 times'],
    ['FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20261231', 'Every month on day 15, until 31 Dec 2026'],
    ['FREQ=YEARLY;BYMONTH=3;COUNT=5', 'Every year in Mar, 5 times'],
  ])('%s → %s', (rule, text) => {
    expect(describeRule(rule)).toBe(text);
  });

  it('shows a UTC UNTIL as a date of the given zone', () => {
    expect(describeRule('FREQ=WEEKLY;UNTIL=20261231T230000Z', 'Europe/Berlin')).toBe('Every week, until 1 Jan 2027');
    expect(describeRule('FREQ=WEEKLY;UNTIL=20261231T230000Z')).toBe('Every week, until 31 Dec 2026');
  });

  it('returns null for a rule that does not parse', () => {
    expect(describeRule('FREQ=SOMETIMES')).toBeNull();
  });
});
