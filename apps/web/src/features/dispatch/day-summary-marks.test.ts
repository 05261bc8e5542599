import { describe, expect, it } from 'vitest';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { technicians } from '../../test/schedule-fixtures';
import { summariseDay } from './day-summary';

const nine = Date.parse('2026-11-23T08:00:00.000Z');

const visit = (id: string, overlapsWith: string[], start = nine): CalendarVisit => ({
  id,
  job: {
    id,
    title: id,
    priority: 3,
    version: 1,
    customerId: null,
    customerName: null,
    address: '',
    lat: null,
    lng: null,
  },
  occurrenceKey: null,
  start,
  end: start + 3_600_000,
  allDay: false,
  status: 'scheduled',
  assigneeIds: ['member-technician'],
  flexible: false,
  overlapsWith,
  colour: '#000000',
});

describe('the day summary counts what the board marks', () => {
  it('counts every visit the board flags: pairs, busy time and partners the filters hide', () => {
    const visits = [visit('a', ['b']), visit('b', ['a']), visit('c', ['busy:feed-1:x']), visit('d', ['hidden'])];
    const day = summariseDay(visits, '2026-11-23', 'Europe/Berlin', technicians);
    expect(day.flagged).toBe(4);
    expect(day.doubles.map((d) => [d.a.id, d.b.id])).toEqual([['a', 'b']]);
    expect(day.lone.map((c) => [c.visit.id, c.onBusy, c.withHidden])).toEqual([
      ['c', true, false],
      ['d', false, true],
    ]);
  });

  it('flags nothing when no visit is marked', () => {
    const day = summariseDay(
      [visit('a', []), visit('b', [], nine + 7_200_000)],
      '2026-11-23',
      'Europe/Berlin',
      technicians,
    );
    expect(day).toMatchObject({ flagged: 0, doubles: [], lone: [] });
  });
});
