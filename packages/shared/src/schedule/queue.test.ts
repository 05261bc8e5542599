import { describe, expect, it } from 'vitest';
import { waitsForDispatch } from './queue.js';

describe('the queue rule', () => {
  it('queues one-off jobs waiting for a time or a technician, never a series nor a job under way', () => {
    expect(waitsForDispatch({ status: 'unscheduled', rrule: null })).toBe(true);
    expect(waitsForDispatch({ status: 'unscheduled', rrule: 'FREQ=WEEKLY' })).toBe(false);
    for (const status of ['scheduled', 'en_route', 'in_progress', 'completed', 'cancelled'] as const)
      expect(waitsForDispatch({ status, rrule: null })).toBe(false);
  });
});
