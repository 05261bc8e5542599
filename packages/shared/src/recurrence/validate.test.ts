import { describe, expect, it } from 'vitest';
import { rruleFieldIssue, rruleFieldIssueInZone } from './validate.js';

const start = Date.parse('2026-03-02T08:00:00Z');
const path = (rrule: string) => rruleFieldIssue(rrule, start)?.path ?? null;

describe('rruleFieldIssue: the rule part at fault, not the words', () => {
  it.each([
    ['FREQ=WEEKLY;COUNT=501', 'rrule.COUNT'],
    ['FREQ=WEEKLY', 'rrule.COUNT'],
    ['FREQ=WEEKLY;COUNT=3;UNTIL=20260401', 'rrule.COUNT'],
    ['FREQ=WEEKLY;UNTIL=2026', 'rrule.UNTIL'],
    ['FREQ=WEEKLY;UNTIL=20360301T000000Z', 'rrule.UNTIL'],
    ['FREQ=WEEKLY;UNTIL=20250101', 'rrule.UNTIL'],
    ['FREQ=WEEKLY;INTERVAL=0;COUNT=3', 'rrule.INTERVAL'],
    ['FREQ=WEEKLY;BYDAY=XX;COUNT=3', 'rrule.BYDAY'],
    ['FREQ=FORTNIGHTLY;COUNT=3', 'rrule.FREQ'],
    ['every monday please', 'rrule'],
    // The message lists every supported key (COUNT among them): the path still blames the rule.
    ['FREQ=WEEKLY;BYSETPOS=1;COUNT=3', 'rrule'],
  ])('%s → %s', (rrule, expected) => {
    expect(path(rrule)).toBe(expected);
  });

  it('finds nothing wrong with a good rule', () => {
    expect(rruleFieldIssue('FREQ=WEEKLY;BYDAY=MO;COUNT=10', start)).toBeNull();
  });

  it('puts a start that is no occurrence of the rule under start', () => {
    const series = { start, end: start + 3_600_000, allDay: false, rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3' };
    expect(rruleFieldIssueInZone(series, 'Europe/Berlin')).toEqual({
      path: 'start',
      message: 'The start must be one of the occurrences of the recurrence rule',
    });
  });
});
