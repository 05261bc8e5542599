import type { ScheduleJob } from './visit.js';

/** A scheduled job for tests: a one-hour timed one-off unless told otherwise. */
export function scheduleJob(over: Partial<ScheduleJob> & { id: string }): ScheduleJob {
  return {
    title: over.id,
    status: 'scheduled',
    start: Date.parse('2026-03-02T09:00:00Z'),
    end: Date.parse('2026-03-02T10:00:00Z'),
    allDay: false,
    rrule: null,
    assigneeIds: ['t1'],
    flexibleWindow: null,
    exceptions: [],
    priority: 3,
    version: 1,
    customerId: null,
    customerName: null,
    address: 'Somewhere 1',
    lat: null,
    lng: null,
    ...over,
  };
}
