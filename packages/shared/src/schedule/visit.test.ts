import { describe, expect, it } from 'vitest';
import { scheduleJob } from './test-fixtures.js';
import { visitsInRange, visitsOf } from './visit.js';

const zone = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso);
const march = { start: at('2026-03-01T00:00:00Z'), end: at('2026-04-01T00:00:00Z') };

describe('visitsOf', () => {
  it('gives a one-off job in range as one visit with its flexible window, and nothing out of range', () => {
    const window = { start: at('2026-03-02T08:00:00Z'), end: at('2026-03-02T12:00:00Z') };
    const job = scheduleJob({ id: 'j1', flexibleWindow: window });
    const [visit] = visitsOf(job, zone, march);
    expect(visit).toMatchObject({ id: 'j1', occurrenceKey: null, status: 'scheduled', flexible: true });
    expect(visitsOf(job, zone, { start: at('2026-03-03T00:00:00Z'), end: at('2026-03-04T00:00:00Z') })).toEqual([]);
  });

  it('keeps a weekly series at 09:00 local across the spring DST change', () => {
    const job = scheduleJob({
      id: 's1',
      start: at('2026-03-23T08:00:00Z'),
      end: at('2026-03-23T09:00:00Z'),
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    const starts = visitsOf(job, zone, march).map((v) => new Date(v.start).toISOString());
    expect(starts).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-30T07:00:00.000Z']);
  });

  it('applies exceptions: a deleted occurrence is gone, a moved one has its own time, technicians and status', () => {
    const start = at('2026-03-02T09:00:00Z');
    const week = 7 * 86_400_000;
    const job = scheduleJob({
      id: 's1',
      status: 'unscheduled',
      assigneeIds: [],
      start,
      end: start + 3_600_000,
      rrule: 'FREQ=WEEKLY;COUNT=4',
      flexibleWindow: { start: start - 3_600_000, end: start + 7_200_000 },
      exceptions: [
        { key: start + week, kind: 'cancelled', start: null, end: null, assigneeIds: null, status: null },
        {
          key: start + 2 * week,
          kind: 'moved',
          start: start + 2 * week + 3_600_000,
          end: null,
          assigneeIds: ['t2'],
          status: null,
        },
        { key: start + 3 * week, kind: 'moved', start: null, end: null, assigneeIds: ['t2'], status: 'completed' },
      ],
    });
    const visits = visitsOf(job, zone, march);
    expect(visits.map((v) => [v.id, v.status, v.assigneeIds, v.end - v.start])).toEqual([
      [`s1:${start}`, 'unscheduled', [], 3_600_000],
      [`s1:${start + 2 * week}`, 'scheduled', ['t2'], 3_600_000],
      [`s1:${start + 3 * week}`, 'completed', ['t2'], 3_600_000],
    ]);
    expect(visits[1]?.start).toBe(start + 2 * week + 3_600_000);
    // Occurrences are never flexible, whatever the series carries.
    expect(visits.every((v) => !v.flexible && v.occurrenceKey !== null)).toBe(true);
  });

  it('reads all-day dates as local days of the zone', () => {
    const job = scheduleJob({ id: 'd1', allDay: true, start: at('2026-03-02'), end: at('2026-03-03') });
    // 23:30 UTC on 1 March is already 2 March in Berlin.
    expect(visitsOf(job, zone, { start: at('2026-03-01T23:30:00Z'), end: at('2026-03-01T23:45:00Z') })).toHaveLength(1);
    expect(visitsOf(job, zone, { start: at('2026-03-02T23:30:00Z'), end: at('2026-03-02T23:45:00Z') })).toEqual([]);
  });
});

describe('visitsInRange', () => {
  it('orders visits by start, then by id', () => {
    const jobs = [
      scheduleJob({ id: 'b' }),
      scheduleJob({ id: 'a' }),
      scheduleJob({ id: 'c', start: at('2026-03-02T08:00:00Z'), end: at('2026-03-02T08:30:00Z') }),
    ];
    expect(visitsInRange(jobs, zone, march).map((v) => v.id)).toEqual(['c', 'a', 'b']);
  });
});
