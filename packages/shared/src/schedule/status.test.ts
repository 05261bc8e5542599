import { describe, expect, it } from 'vitest';
import { allowedNextStatuses, mayChangeStatus, statusChangeIssue } from './status.js';

const dispatcher = { role: 'dispatcher', memberId: 'd1' } as const;
const tech = { role: 'technician', memberId: 't1' } as const;
const viewer = { role: 'viewer', memberId: 'v1' } as const;
const visit = { status: 'scheduled', start: 1, assigneeIds: ['t1'] } as const;
const statuses = (
  target: Parameters<typeof allowedNextStatuses>[0],
  actor: Parameters<typeof allowedNextStatuses>[1],
) => allowedNextStatuses(target, actor).map((a) => a.status);

describe('allowedNextStatuses', () => {
  it('lets a dispatcher move any visit forward or cancel it, with one set of labels', () => {
    expect(allowedNextStatuses(visit, dispatcher)).toEqual([
      { status: 'en_route', label: 'On my way' },
      { status: 'in_progress', label: 'Start work' },
      { status: 'completed', label: 'Complete' },
      { status: 'cancelled', label: 'Cancel job' },
    ]);
    expect(allowedNextStatuses({ ...visit, status: 'completed' }, dispatcher)).toEqual([
      { status: 'scheduled', label: 'Reopen' },
    ]);
  });

  it('lets a technician only move their own visits forward', () => {
    expect(statuses(visit, tech)).toEqual(['en_route', 'in_progress', 'completed']);
    expect(statuses({ ...visit, assigneeIds: ['t2'] }, tech)).toEqual([]);
    expect(statuses({ ...visit, status: 'completed' }, tech)).toEqual([]);
    expect(statuses(visit, viewer)).toEqual([]);
    expect(mayChangeStatus(visit, tech)).toBe(true);
  });

  it('is ready only with a time and a technician', () => {
    const unscheduled = { status: 'unscheduled', start: null, assigneeIds: ['t1'] } as const;
    expect(statuses(unscheduled, dispatcher)).toEqual(['cancelled']);
    expect(statuses({ ...unscheduled, start: '2026-03-02T09:00:00Z' }, dispatcher)).toEqual(['scheduled', 'cancelled']);
  });

  it('keeps working states to occurrences of a recurring job', () => {
    expect(statuses({ ...visit, wholeSeries: true }, dispatcher)).toEqual(['cancelled']);
    expect(statusChangeIssue({ ...visit, wholeSeries: true }, 'en_route', dispatcher)).toEqual({
      path: ['occurrence'],
      message: 'Choose the occurrence whose status changes',
    });
    expect(statusChangeIssue(visit, 'scheduled', dispatcher)).toEqual({
      path: null,
      message: 'The job is already scheduled',
    });
  });
});
