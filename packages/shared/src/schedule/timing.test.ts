import { describe, expect, it } from 'vitest';
import { timingIssues } from './timing.js';

const timed = { start: '2026-03-02T08:00:00Z', end: '2026-03-02T09:00:00Z', allDay: false, rrule: null };

describe('timingIssues', () => {
  it('puts each problem at its field path', () => {
    expect(timingIssues({ ...timed, end: '2026-03-02T07:00:00Z' })).toEqual([
      { path: ['end'], message: 'End must be after start', kind: 'endAfterStart' },
    ]);
    expect(timingIssues({ ...timed, rrule: 'FREQ=WEEKLY;COUNT=0' })[0]?.path).toEqual(['rrule', 'COUNT']);
    expect(
      timingIssues({ ...timed, flexibleWindow: { start: '2026-03-02T07:00:00Z', end: 'later' } })[0]?.path,
    ).toEqual(['flexibleWindow', 'end']);
  });

  it('in a zone, blames the start when it is not one of the rule occurrences', () => {
    // 2 March 2026 is a Monday; the rule says Tuesdays.
    const series = { ...timed, rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3' };
    expect(timingIssues(series)).toEqual([]);
    expect(timingIssues(series, 'Europe/Berlin')).toEqual([
      { path: ['start'], message: 'The start must be one of the occurrences of the recurrence rule' },
    ]);
    expect(timingIssues({ ...series, rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=3' }, 'Europe/Berlin')).toEqual([]);
  });
});
