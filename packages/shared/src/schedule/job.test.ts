import { describe, expect, it } from 'vitest';
import type { Job } from '../schemas/jobs.js';
import { scheduleJobOf } from './job.js';

const job: Job = {
  id: 'j1',
  customerId: null,
  customerName: null,
  title: 'Boiler',
  description: '',
  address: 'Somewhere 1',
  lat: null,
  lng: null,
  start: '2026-03-02T09:00:00Z',
  end: '2026-03-02T10:00:00Z',
  allDay: false,
  status: 'scheduled',
  priority: 3,
  assigneeIds: ['t1'],
  rrule: null,
  flexibleWindow: { start: '2026-03-02T08:00:00Z', end: '2026-03-02T12:00:00Z' },
  exceptions: [],
  version: 4,
  createdAt: '2026-03-01T00:00:00Z',
  updatedAt: '2026-03-01T00:00:00Z',
};

describe('scheduleJobOf', () => {
  it('reads the API job in ms, its window included', () => {
    expect(scheduleJobOf(job)).toMatchObject({
      start: Date.parse('2026-03-02T09:00:00Z'),
      end: Date.parse('2026-03-02T10:00:00Z'),
      flexibleWindow: { start: Date.parse('2026-03-02T08:00:00Z'), end: Date.parse('2026-03-02T12:00:00Z') },
      version: 4,
    });
  });

  it('has no schedule job for an unscheduled job, and reads all-day dates and exception keys as dates', () => {
    expect(scheduleJobOf({ ...job, start: null, end: null })).toBeNull();
    const series = scheduleJobOf({
      ...job,
      allDay: true,
      start: '2026-03-02',
      end: '2026-03-03',
      rrule: 'FREQ=DAILY;COUNT=3',
      flexibleWindow: null,
      exceptions: [
        { occurrence: '2026-03-03', kind: 'cancelled', start: null, end: null, assigneeIds: null, status: null },
        { occurrence: 'not a date', kind: 'cancelled', start: null, end: null, assigneeIds: null, status: null },
      ],
    });
    expect(series?.start).toBe(Date.UTC(2026, 2, 2));
    expect(series?.exceptions.map((e) => e.key)).toEqual([Date.UTC(2026, 2, 3)]);
  });
});
