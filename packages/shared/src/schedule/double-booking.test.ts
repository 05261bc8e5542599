import { describe, expect, it } from 'vitest';
import { type BusyTime, busyUnder, doubleBooks, markDoubleBookings } from './double-booking.js';
import { scheduleJob } from './test-fixtures.js';
import { type Visit, visitsInRange } from './visit.js';

const zone = 'Europe/Berlin';
const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`);
const range = { start: Date.parse('2026-03-02T00:00:00Z'), end: Date.parse('2026-03-03T00:00:00Z') };
const job = (id: string, from: string, to: string, assigneeIds: string[], over = {}) =>
  scheduleJob({ id, start: at(from), end: at(to), assigneeIds, ...over });

const busy: BusyTime[] = [
  { id: 'busy:t3', start: at('13:00'), end: at('14:00'), memberId: 't3' },
  { id: 'busy:all', start: at('16:00'), end: at('17:00'), memberId: null },
  { id: 'busy:empty', start: at('09:00'), end: at('09:00'), memberId: null },
];

function fixture(): Visit[] {
  return visitsInRange(
    [
      job('a', '09:00', '10:00', ['t1']),
      job('b', '09:30', '10:30', ['t1', 't2']),
      job('c', '10:00', '11:00', ['t1']), // touches a, overlaps b
      job('d', '09:00', '12:00', ['t2'], { status: 'cancelled' }),
      job('e', '13:30', '14:30', ['t3']),
      job('f', '16:30', '17:30', ['t4']),
      job('g', '16:30', '17:30', []),
      scheduleJob({
        id: 'h',
        allDay: true,
        start: Date.parse('2026-03-02'),
        end: Date.parse('2026-03-03'),
        assigneeIds: ['t1'],
      }),
      scheduleJob({
        id: 's',
        start: at('10:45'),
        end: at('11:15'),
        rrule: 'FREQ=DAILY;COUNT=2',
        assigneeIds: ['t1'],
      }),
    ],
    zone,
    range,
  );
}

describe('markDoubleBookings', () => {
  it('marks visits sharing a technician at overlapping times, and busy time they lie on', () => {
    const visits = fixture();
    markDoubleBookings(visits, busy);
    const marks = Object.fromEntries(visits.map((v) => [v.id, v.overlapsWith]));
    const s = `s:${at('10:45')}`;
    expect(marks).toEqual({
      a: ['b'],
      b: ['a', 'c'],
      c: ['b', s],
      d: [],
      e: ['busy:t3'],
      f: ['busy:all'],
      g: [],
      h: [],
      [s]: ['c'],
    });
  });

  it('agrees with the pairwise checks a client uses to patch one job', () => {
    const visits = fixture();
    markDoubleBookings(visits, busy);
    for (const v of visits) {
      const pairwise = [...visits.filter((o) => o !== v && doubleBooks(v, o)).map((o) => o.id), ...busyUnder(v, busy)];
      expect(v.overlapsWith).toEqual(pairwise.sort());
    }
  });
});
