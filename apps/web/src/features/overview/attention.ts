import type { Feed, JobStatus, Visit, VisitJob } from '@fieldplan/shared';

/** A visit past its start this long without anyone on the way is a late start. */
export const lateAfterMs = 10 * 60_000;

const open: readonly JobStatus[] = ['scheduled', 'en_route', 'in_progress'];

/** What the Overview reads: the days it looks at, already fetched, and who is looking. */
export interface AttentionInput {
  now: number;
  /** Visits from a week back to the end of today (the calendar feed, unfiltered). */
  visits: readonly Visit<VisitJob>[];
  /** The start of today in the workspace zone (an instant). */
  todayStart: number;
  /** Too-short drives today: the technician of each (from the travel legs the board shows). */
  shortDrives: readonly { memberId: string }[];
  unscheduled: number | null;
  feeds: readonly Pick<Feed, 'id' | 'name' | 'status'>[] | null;
  /** A technician sees only their own day; null for everyone else. */
  onlyMemberId: string | null;
}

export interface Attention {
  unscheduled: number | null;
  overdue: Visit<VisitJob>[];
  lateStarts: Visit<VisitJob>[];
  shortDrives: number;
  doubleBooked: Visit<VisitJob>[];
  enRoute: Visit<VisitJob>[];
  onSite: Visit<VisitJob>[];
  failingFeeds: Pick<Feed, 'id' | 'name' | 'status'>[];
  /** Nothing above needs anyone's attention (who is on the road doesn't count). */
  allClear: boolean;
}

/**
 * Today at a glance: what is waiting, late or clashing, and who is out. Overdue = an open visit
 * (scheduled, on the way or at work) whose end has passed; a late start = a scheduled visit
 * ten minutes past its start that nobody is on the way to yet, not yet overdue.
 */
export function attentionOf(input: AttentionInput): Attention {
  const { now, todayStart, onlyMemberId } = input;
  const mine = (ids: readonly string[]) => onlyMemberId === null || ids.includes(onlyMemberId);
  const visits = input.visits.filter((v) => !v.allDay && mine(v.assigneeIds));
  const today = visits.filter((v) => v.end > todayStart);
  const overdue = visits.filter((v) => open.includes(v.status) && v.end <= now);
  const lateStarts = today.filter((v) => v.status === 'scheduled' && v.start + lateAfterMs <= now && v.end > now);
  const doubleBooked = today.filter((v) => v.overlapsWith.length > 0 && v.status !== 'completed');
  const shortDrives = input.shortDrives.filter((d) => mine([d.memberId])).length;
  const failingFeeds = (input.feeds ?? []).filter((f) => f.status === 'failing');
  const unscheduled = onlyMemberId === null ? input.unscheduled : null;
  return {
    unscheduled,
    overdue,
    lateStarts,
    shortDrives,
    doubleBooked,
    enRoute: today.filter((v) => v.status === 'en_route'),
    onSite: today.filter((v) => v.status === 'in_progress'),
    failingFeeds,
    allClear:
      (unscheduled ?? 0) === 0 &&
      overdue.length === 0 &&
      lateStarts.length === 0 &&
      shortDrives === 0 &&
      doubleBooked.length === 0 &&
      failingFeeds.length === 0,
  };
}
