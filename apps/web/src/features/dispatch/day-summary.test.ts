import { describe, expect, it } from 'vitest';
import { technicians, visit } from '../../test/schedule-fixtures';
import { summariseDay } from './day-summary';

describe('the day summary', () => {
  it('counts jobs and booked hours per technician on the day, and lists each double booking once', () => {
    const visits = [
      visit({ id: 'j1', props: { jobId: 'j1', overlapsWith: ['j2'] } }),
      visit({
        id: 'j2',
        start: '2026-11-23T08:30:00.000Z',
        end: '2026-11-23T10:00:00.000Z',
        props: { jobId: 'j2', overlapsWith: ['j1'] },
      }),
      visit({ id: 'j3', resourceIds: ['tech-2'], props: { jobId: 'j3', assigneeIds: ['tech-2'] } }),
      visit({ id: 'j4', resourceIds: ['unassigned'], props: { jobId: 'j4', assigneeIds: [] } }),
      visit({ id: 'j5', start: '2026-11-24T08:00:00.000Z', end: '2026-11-24T09:00:00.000Z', props: { jobId: 'j5' } }),
    ];
    const day = summariseDay(visits, '2026-11-23', 'Europe/Berlin', technicians);
    expect(day.total).toBe(4);
    expect(day.unassigned).toBe(1);
    expect(day.technicians).toEqual([
      { id: 'member-technician', name: 'Tomasz Nowak', colour: '#009E73', jobs: 2, minutes: 150 },
      { id: 'tech-2', name: 'Aylin Demir', colour: '#CC79A7', jobs: 1, minutes: 60 },
    ]);
    expect(day.doubles.map((d) => [d.a.id, d.b.id, d.technicianIds])).toEqual([['j1', 'j2', ['member-technician']]]);
  });
});
