import type { JobStatus, Visit, VisitJob } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import { type AttentionInput, attentionOf } from './attention';
import { boardLink, shiftDay } from './today-links';

const min = 60_000;
const todayStart = Date.UTC(2026, 10, 26, 0, 0);
const now = todayStart + 10 * 60 * min; // 10:00

function visit(id: string, startH: number, endH: number, status: JobStatus, extra: Partial<Visit<VisitJob>> = {}) {
  const job: VisitJob = {
    id,
    title: `Job ${id}`,
    priority: 0,
    version: 1,
    customerId: null,
    customerName: null,
    address: '',
    lat: null,
    lng: null,
  };
  return {
    id,
    job,
    occurrenceKey: null,
    start: todayStart + startH * 60 * min,
    end: todayStart + endH * 60 * min,
    allDay: false,
    status,
    assigneeIds: ['tech-1'],
    flexible: false,
    overlapsWith: [],
    ...extra,
  } satisfies Visit<VisitJob>;
}

const quiet: AttentionInput = {
  now,
  todayStart,
  visits: [],
  shortDrives: [],
  unscheduled: 0,
  feeds: [],
  onlyMemberId: null,
};

describe('attentionOf', () => {
  it('is all clear when nothing waits, runs late, clashes or fails — people on the road do not count', () => {
    const a = attentionOf({ ...quiet, visits: [visit('a', 9, 11, 'in_progress'), visit('b', 9.5, 12, 'en_route')] });
    expect(a.allClear).toBe(true);
    expect(a.onSite.map((v) => v.id)).toEqual(['a']);
    expect(a.enRoute.map((v) => v.id)).toEqual(['b']);
  });

  it('finds overdue visits (open, end passed — yesterday too), late starts and double bookings', () => {
    const a = attentionOf({
      ...quiet,
      visits: [
        visit('yesterday', -15, -14, 'scheduled'),
        visit('done', 7, 8, 'completed'),
        visit('overran', 7, 9, 'in_progress'),
        visit('late', 9.5, 11, 'scheduled'),
        visit('just-now', 9.9, 11, 'scheduled'),
        visit('clash', 12, 13, 'scheduled', { overlapsWith: ['clash-2'] }),
        visit('clash-2', 12.5, 14, 'scheduled', { overlapsWith: ['clash'] }),
        visit('all-day', 0, 24, 'scheduled', { allDay: true }),
      ],
    });
    expect(a.overdue.map((v) => v.id)).toEqual(['yesterday', 'overran']);
    expect(a.lateStarts.map((v) => v.id)).toEqual(['late']);
    expect(a.doubleBooked.map((v) => v.id)).toEqual(['clash', 'clash-2']);
    expect(a.allClear).toBe(false);
  });

  it('counts unscheduled jobs, too-short drives and failing feeds', () => {
    const a = attentionOf({
      ...quiet,
      unscheduled: 3,
      shortDrives: [{ memberId: 'tech-1' }],
      feeds: [
        { id: 'f1', name: 'Holidays', status: 'failing' },
        { id: 'f2', name: 'Dentist', status: 'ok' },
      ],
    });
    expect([a.unscheduled, a.shortDrives, a.failingFeeds.map((f) => f.name)]).toEqual([3, 1, ['Holidays']]);
    expect(a.allClear).toBe(false);
  });

  it('a technician sees only their own visits and drives, and no queue', () => {
    const a = attentionOf({
      ...quiet,
      onlyMemberId: 'tech-2',
      unscheduled: 4,
      shortDrives: [{ memberId: 'tech-1' }],
      visits: [visit('theirs', 7, 8, 'scheduled'), visit('mine', 9, 11, 'scheduled', { assigneeIds: ['tech-2'] })],
    });
    expect(a.unscheduled).toBeNull();
    expect(a.shortDrives).toBe(0);
    expect(a.overdue).toEqual([]);
    expect(a.lateStarts.map((v) => v.id)).toEqual(['mine']);
  });
});

describe('boardLink', () => {
  it('opens the board on today, filtered', () => {
    expect(boardLink('demo', '2026-11-26', { status: 'en_route' })).toBe(
      '/w/demo/dispatch?date=2026-11-26&status=en_route',
    );
    expect(boardLink('demo', '2026-11-26', { view: 'listWeek', status: 'scheduled,en_route' })).toBe(
      '/w/demo/dispatch?view=listWeek&date=2026-11-26&status=scheduled%2Cen_route',
    );
    expect(shiftDay('2026-11-26', -7)).toBe('2026-11-19');
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
  });
});
