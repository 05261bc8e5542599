import ICAL from 'ical.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expandGroup } from '../../src/modules/feeds/ical/expand.js';
import { seriesGroup } from '../../src/modules/feeds/ical/parse.js';

// EXDATE is looked up, not scanned: what an excluded occurrence costs does not grow with how many
// a series has, and a long run of them is read like any other (docs/adr/0039-feed-refresh-cpu-budget.md).

const pad = (n: number) => String(n).padStart(2, '0');
/** Wall time as iCalendar writes it (YYYYMMDDTHHMMSS) from UTC fields of `ms`. */
const wall = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
};
const minute = 60_000;
const start = Date.UTC(2026, 5, 1, 8, 0);

/** A minutely series from 1 June 2026 08:00 Berlin (06:00Z) with the given EXDATE minutes (offsets from the start). */
function minutely(
  excluded: number[],
  exdateLine: (ms: number) => string = (ms) => `EXDATE;TZID=Europe/Berlin:${wall(ms)}`,
) {
  return seriesGroup(
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:minutely',
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=Europe/Berlin:${wall(start)}`,
      'DURATION:PT1M',
      'RRULE:FREQ=MINUTELY',
      ...excluded.map((m) => exdateLine(start + m * minute)),
      'END:VEVENT',
      'END:VCALENDAR',
    ].join('\r\n'),
  );
}

const berlin = 'Europe/Berlin';
const at = (offsetMinutes: number) => Date.UTC(2026, 5, 1, 6, 0) + offsetMinutes * minute;

describe('EXDATE', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a run of 600 excluded occurrences: the occurrences after it still count (ical.js gave up after 500)', () => {
    const excluded = Array.from({ length: 600 }, (_, i) => i);
    const list = expandGroup(minutely(excluded), berlin, at(0), at(603));
    expect(list.map((o) => o.start)).toEqual([at(600), at(601), at(602)]);
  });

  it('excluded occurrences are left out wherever they are: DTSTART, the middle, a UTC EXDATE, a DATE EXDATE', () => {
    const group = minutely([0, 2], (ms) => `EXDATE;TZID=Europe/Berlin:${wall(ms)}`);
    // The same instant written in UTC excludes too.
    group.master?.addPropertyWithValue('exdate', ICAL.Time.fromDateTimeString('2026-06-01T06:04:00Z'));
    expect(expandGroup(group, berlin, at(0), at(6)).map((o) => o.start)).toEqual([at(1), at(3), at(5)]);
    // A DATE excludes its whole day on a timed series.
    const day = minutely([]);
    day.master?.addPropertyWithValue('exdate', ICAL.Time.fromDateString('2026-06-02'));
    const list = expandGroup(day, berlin, Date.UTC(2026, 5, 1, 21, 58), Date.UTC(2026, 5, 2, 22, 2));
    // 23:58 and 23:59 on 1 June, then nothing on 2 June (Berlin), then 00:00 and 00:01 on 3 June.
    expect(list.map((o) => new Date(o.start).toISOString())).toEqual([
      '2026-06-01T21:58:00.000Z',
      '2026-06-01T21:59:00.000Z',
      '2026-06-02T22:00:00.000Z',
      '2026-06-02T22:01:00.000Z',
    ]);
  });

  it('10,000 EXDATEs outside the range cost the walk the time comparisons 10 do, not one per EXDATE', () => {
    const countCompares = (excluded: number[]) => {
      const group = minutely(excluded);
      const spy = vi.spyOn(ICAL.Time.prototype, 'compare');
      const list = expandGroup(group, berlin, at(20_000), at(20_060));
      const calls = spy.mock.calls.length;
      spy.mockRestore();
      return { calls, count: list.length };
    };
    const few = countCompares(Array.from({ length: 10 }, (_, i) => i));
    const many = countCompares(Array.from({ length: 10_000 }, (_, i) => i));
    expect(many.count).toBe(60);
    expect(few.count).toBe(60);
    // ical.js sorted them with a comparison each (and more): 132,074 calls against 8,476 before.
    expect(Math.abs(many.calls - few.calls)).toBeLessThan(100);
  });
});
