import { describe, expect, it } from 'vitest';
import { parseDateOnly } from './dates.js';
import {
  allOccurrences,
  countBefore,
  expandSeries,
  isOccurrence,
  occurrencesBetween,
  type SeriesTiming,
  seriesEnd,
  startsOnRule,
} from './expand.js';
import { RRule } from './rrule-lib.js';
import { instantToWall } from './zone.js';

const utc = (iso: string) => Date.parse(iso);
const isoOf = (ms: number) => new Date(ms).toISOString();
const hour = 3_600_000;
const berlin = 'Europe/Berlin';
const year2026 = [utc('2026-01-01T00:00:00Z'), utc('2027-01-01T00:00:00Z')] as const;

/** A timed series: first occurrence at `start` (ISO), lasting `hours`. */
const timed = (start: string, rrule: string, hours = 1): SeriesTiming => ({
  start: utc(start),
  end: utc(start) + hours * hour,
  allDay: false,
  rrule,
});

describe('expansion in the workspace time zone', () => {
  it('keeps a weekly 09:00 Berlin visit at 09:00 local across the March DST change', () => {
    const series = timed('2026-03-16T08:00:00Z', 'FREQ=WEEKLY;BYDAY=MO;COUNT=4');
    const starts = occurrencesBetween(series, berlin, ...year2026).map((o) => isoOf(o.start));
    expect(starts).toEqual([
      '2026-03-16T08:00:00.000Z',
      '2026-03-23T08:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
      '2026-04-06T07:00:00.000Z',
    ]);
  });

  it('keeps it at 09:00 across the October change, and keeps durations', () => {
    const series = timed('2026-10-19T07:00:00Z', 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=4', 2);
    const occurrences = occurrencesBetween(series, berlin, ...year2026);
    expect(occurrences.map((o) => isoOf(o.start))).toEqual([
      '2026-10-19T07:00:00.000Z',
      '2026-10-21T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
      '2026-10-28T08:00:00.000Z',
    ]);
    for (const o of occurrences) {
      expect(o.end - o.start).toBe(2 * hour);
      expect(new Date(instantToWall(berlin, o.start)).getUTCHours()).toBe(9);
      expect(o.key).toBe(o.start);
    }
  });

  it('expands a daily series through the night of the change (every day 09:00)', () => {
    const series = timed('2026-03-27T08:00:00Z', 'FREQ=DAILY;COUNT=4');
    expect(occurrencesBetween(series, berlin, ...year2026).map((o) => isoOf(o.start))).toEqual([
      '2026-03-27T08:00:00.000Z',
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('finds the 2nd Tuesday of each month and the last Friday', () => {
    const second = timed('2026-01-13T08:00:00Z', 'FREQ=MONTHLY;BYDAY=2TU;COUNT=4');
    expect(occurrencesBetween(second, berlin, ...year2026).map((o) => isoOf(o.start).slice(0, 10))).toEqual([
      '2026-01-13',
      '2026-02-10',
      '2026-03-10',
      '2026-04-14',
    ]);
    const last = timed('2026-01-30T08:00:00Z', 'FREQ=MONTHLY;BYDAY=-1FR;COUNT=3');
    expect(occurrencesBetween(last, berlin, ...year2026).map((o) => isoOf(o.start).slice(0, 10))).toEqual([
      '2026-01-30',
      '2026-02-27',
      '2026-03-27',
    ]);
  });

  it('honours INTERVAL, BYMONTHDAY and UNTIL (inclusive)', () => {
    const fortnightly = timed('2026-01-05T08:00:00Z', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;UNTIL=20260202T080000Z');
    expect(occurrencesBetween(fortnightly, berlin, ...year2026).map((o) => isoOf(o.start).slice(0, 10))).toEqual([
      '2026-01-05',
      '2026-01-19',
      '2026-02-02',
    ]);
    const monthDay = timed('2026-01-15T08:00:00Z', 'FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20260415');
    expect(allOccurrences(monthDay, berlin)).toHaveLength(4);
  });

  it('expands all-day series as dates', () => {
    const start = parseDateOnly('2026-03-27') ?? 0;
    const series: SeriesTiming = { start, end: start + 2 * 86_400_000, allDay: true, rrule: 'FREQ=WEEKLY;COUNT=3' };
    const occurrences = occurrencesBetween(series, berlin, utc('2026-04-02T22:00:00Z'), utc('2026-04-30T00:00:00Z'));
    // 27–29 March ends before the range (3 April local); 3 April and 10 April are in.
    expect(occurrences.map((o) => isoOf(o.start).slice(0, 10))).toEqual(['2026-04-03', '2026-04-10']);
  });

  it('returns only occurrences overlapping the range', () => {
    const series = timed('2026-01-05T08:00:00Z', 'FREQ=DAILY;COUNT=500');
    const week = occurrencesBetween(series, berlin, utc('2026-06-01T00:00:00Z'), utc('2026-06-08T00:00:00Z'));
    expect(week.map((o) => isoOf(o.start).slice(0, 10))).toEqual([
      '2026-06-01',
      '2026-06-02',
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
    ]);
    // An occurrence that started before the range but is still running is in it.
    const running = occurrencesBetween(series, berlin, utc('2026-06-01T07:30:00Z'), utc('2026-06-01T08:00:00Z'));
    expect(running).toHaveLength(1);
  });

  it('matches rrule with tzid (the slow reference) for a year of several rules', () => {
    const rules = [
      'FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=150',
      'FREQ=DAILY;INTERVAL=3;COUNT=120',
      'FREQ=MONTHLY;BYDAY=2TU;COUNT=12',
      'FREQ=MONTHLY;BYMONTHDAY=31;COUNT=7',
    ];
    for (const zone of [berlin, 'America/New_York']) {
      for (const rrule of rules) {
        const first = zone === berlin ? '2026-01-06T08:00:00Z' : '2026-01-06T14:00:00Z';
        const series = timed(first, rrule);
        const wall = new Date(instantToWall(zone, series.start));
        const options = RRule.parseString(rrule);
        const reference = new RRule({ ...options, dtstart: wall, tzid: zone }).between(
          new Date(year2026[0]),
          new Date(year2026[1]),
          true,
        );
        const ours = occurrencesBetween(series, zone, ...year2026).map((o) => isoOf(o.start));
        expect(ours, `${rrule} in ${zone}`).toEqual(reference.map((d) => d.toISOString()));
      }
    }
  });
});

describe('series helpers', () => {
  const series = timed('2026-03-02T08:00:00Z', 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6');

  it('knows whether the start is an occurrence of the rule', () => {
    expect(startsOnRule(series, berlin)).toBe(true);
    expect(startsOnRule(timed('2026-03-03T08:00:00Z', 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=6'), berlin)).toBe(false);
  });

  it('tells occurrences apart and counts those before one', () => {
    expect(isOccurrence(series, berlin, utc('2026-03-04T08:00:00Z'))).toBe(true);
    expect(isOccurrence(series, berlin, utc('2026-03-04T09:00:00Z'))).toBe(false);
    expect(countBefore(series, berlin, utc('2026-03-09T08:00:00Z'))).toBe(2);
    expect(isoOf(seriesEnd(series, berlin))).toBe('2026-03-18T09:00:00.000Z');
  });

  it('applies exceptions: cancelled ones vanish, moved ones appear at their new time', () => {
    const moved = { key: utc('2026-03-04T08:00:00Z'), kind: 'moved' as const, start: utc('2026-03-20T12:00:00Z') };
    const exceptions = [
      { key: utc('2026-03-02T08:00:00Z'), kind: 'cancelled' as const, start: null, end: null },
      { ...moved, end: moved.start + hour },
    ];
    const firstWeek = expandSeries(
      series,
      exceptions,
      berlin,
      utc('2026-03-02T00:00:00Z'),
      utc('2026-03-08T00:00:00Z'),
    );
    expect(firstWeek).toEqual([]);
    const later = expandSeries(series, exceptions, berlin, utc('2026-03-16T00:00:00Z'), utc('2026-03-22T00:00:00Z'));
    expect(later.map((o) => [isoOf(o.start), o.exception?.kind ?? null])).toEqual([
      ['2026-03-16T08:00:00.000Z', null],
      ['2026-03-18T08:00:00.000Z', null],
      ['2026-03-20T12:00:00.000Z', 'moved'],
    ]);
    expect(later[2]?.key).toBe(moved.key);
  });

  it('expands 1,000 series over a year quickly (well inside the 200 ms budget, warm)', () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      timed(`2026-01-${String((i % 28) + 1).padStart(2, '0')}T08:00:00Z`, 'FREQ=DAILY;COUNT=7'),
    );
    const t0 = performance.now();
    let n = 0;
    for (const s of many) n += occurrencesBetween(s, berlin, ...year2026).length;
    expect(n).toBe(7000);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
