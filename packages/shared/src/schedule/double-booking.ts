import type { Visit, VisitJob } from './visit.js';

/** Busy time from a subscribed calendar, as instants (all-day dates already read in the zone). */
export interface BusyTime {
  /** The id of its background event in `GET …/calendar/busy` (`busy:…`). */
  id: string;
  start: number;
  end: number;
  /** A technician's busy time, or null for everyone's (a workspace feed). */
  memberId: string | null;
}

/**
 * What the double-booking checks read of a visit — a whole `Visit`, or a visit a client holds only
 * as the calendar feed sent it (the job's id, not the job).
 */
export type Booked = Pick<Visit, 'id' | 'start' | 'end' | 'allDay' | 'status' | 'assigneeIds'> & {
  job: Pick<VisitJob, 'id'>;
};

/** True when the visit takes its technicians' time: all-day and cancelled visits don't double-book. */
export const takesTime = (visit: Pick<Visit, 'allDay' | 'status'>): boolean =>
  !visit.allDay && visit.status !== 'cancelled';

/** True when two visits double-book someone: different jobs, a shared technician, times overlap. */
export function doubleBooks(a: Booked, b: Booked): boolean {
  if (a.job.id === b.job.id || !takesTime(a) || !takesTime(b)) return false;
  if (!(a.start < b.end && b.start < a.end)) return false;
  return a.assigneeIds.some((id) => b.assigneeIds.includes(id));
}

/**
 * The busy time the visit lies on: a technician's own busy time, or a workspace feed's for any
 * assigned technician. Busy time of no length is ignored.
 */
export function busyUnder(visit: Booked, busy: readonly BusyTime[]): string[] {
  const who = visit.assigneeIds;
  if (busy.length === 0 || who.length === 0 || !takesTime(visit)) return [];
  const out: string[] = [];
  for (const b of busy) {
    if (b.end <= b.start || !(b.start < visit.end && visit.start < b.end)) continue;
    if (b.memberId === null || who.includes(b.memberId)) out.push(b.id);
  }
  return out;
}

/** One entry of a technician's sweep: a visit, or busy time (`visit` null). */
interface Booking {
  id: string;
  jobId: string | null;
  start: number;
  end: number;
  visit: Visit<VisitJob> | null;
}

/**
 * Sets `overlapsWith` on every visit that double-books (`doubleBooks`) or lies on busy time
 * (`busyUnder`) — the same answers, found in one sweep per technician: their bookings sorted by
 * start, keeping those still running. Pass every visit of the range before filtering, so a filtered
 * view still shows the marks.
 */
export function markDoubleBookings(visits: readonly Visit<VisitJob>[], busy: readonly BusyTime[] = []): void {
  const byMember = new Map<string, Booking[]>();
  const book = (member: string, b: Booking) => {
    const list = byMember.get(member);
    if (list) list.push(b);
    else byMember.set(member, [b]);
  };
  for (const visit of visits) {
    if (!takesTime(visit)) continue;
    const b = { id: visit.id, jobId: visit.job.id, start: visit.start, end: visit.end, visit };
    for (const member of visit.assigneeIds) book(member, b);
  }
  if (busy.length > 0) {
    const everyone = [...byMember.keys()];
    for (const t of busy) {
      if (t.end <= t.start) continue;
      const b = { id: t.id, jobId: null, start: t.start, end: t.end, visit: null };
      if (t.memberId === null) for (const member of everyone) book(member, b);
      else if (byMember.has(t.memberId)) book(t.memberId, b);
    }
  }
  const marks = new Map<Visit<VisitJob>, Set<string>>();
  const mark = (v: Visit<VisitJob> | null, other: string) => {
    if (!v) return;
    const set = marks.get(v);
    if (set) set.add(other);
    else marks.set(v, new Set([other]));
  };
  for (const list of byMember.values()) {
    list.sort((a, b) => a.start - b.start);
    let running: Booking[] = [];
    for (const b of list) {
      running = running.filter((r) => r.end > b.start);
      for (const r of running) {
        // Two busy times, or two visits of one job, are no double booking.
        if ((r.visit === null && b.visit === null) || r.jobId === b.jobId || !(b.end > r.start)) continue;
        mark(r.visit, b.id);
        mark(b.visit, r.id);
      }
      running.push(b);
    }
  }
  for (const [visit, set] of marks) visit.overlapsWith = [...set].sort();
}
