import { describe, expect, it } from 'vitest';
import { job } from '../../test/schedule-fixtures';
import { applyJobChangeToPage } from './job-list-change';

const args = { workspaceId: 'ws-1', queue: true };
const empty = { items: [], total: 0, nextCursor: null };

describe('the queue page after a change', () => {
  it('takes in a job dropped onto "Unassigned" with its time kept, and lets it go once it has a technician', () => {
    const dropped = job({ status: 'unscheduled', assigneeIds: [] });
    const queued = applyJobChangeToPage(empty, { entity: 'job', action: 'updated', data: dropped }, args);
    expect(queued.items.map((j) => [j.id, j.start])).toEqual([['job-1', '2026-11-23T08:00:00.000Z']]);
    expect(queued.total).toBe(1);
    const assigned = applyJobChangeToPage(queued, { entity: 'job', action: 'updated', data: job() }, args);
    expect(assigned).toEqual(empty);
  });

  it('never queues a series, even one with no technician', () => {
    const series = job({ status: 'unscheduled', assigneeIds: [], rrule: 'FREQ=WEEKLY' });
    expect(applyJobChangeToPage(empty, { entity: 'job', action: 'created', data: series }, args)).toEqual(empty);
  });
});
