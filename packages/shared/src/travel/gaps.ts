import type { LatLng } from '../geo/types.js';

// Travel gaps: the drives between a technician's consecutive visits of one day. The
// server prices them (the model or a routing service); the timeline pairs them with the visits it
// shows live, so both must chain a day the same way — this module is that one way.

/** A visit that takes a technician's time: instants in ms, its site when it has one. */
export interface GapVisit {
  /** The calendar event id (`jobId`, or `jobId:occurrenceKey` for an occurrence). */
  id: string;
  start: number;
  end: number;
  point: LatLng | null;
}

/** One drive of a technician's day, before it is priced. */
export interface DayDrive {
  /** The visit driven from — the last one before `toId` with a site — or null: from the home base. */
  fromId: string | null;
  toId: string;
  from: LatLng;
  to: LatLng;
  /**
   * The free time before `toId`: from the latest end of the visits before it (ms; null for the
   * day's first visit) to its start. Shorter than the drive means the drive can't be made.
   */
  gapStart: number | null;
  gapEnd: number;
}

/** Visits in time order: start, then end, then id (so equal times chain the same everywhere). */
export function byVisitTime(a: GapVisit, b: GapVisit): number {
  return a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The drives of one technician's day (timed, not cancelled visits; any order), starting from
 * `home` (null when unknown: the first visit with a site then has no drive). A visit without a
 * site gets no drive, and the next drive starts from the last place known — as `dayLegs` does.
 */
export function dayDrives(home: LatLng | null, visits: readonly GapVisit[]): DayDrive[] {
  const drives: DayDrive[] = [];
  let from: { id: string | null; point: LatLng } | null = home ? { id: null, point: home } : null;
  let latestEnd: number | null = null;
  for (const visit of [...visits].sort(byVisitTime)) {
    if (visit.point) {
      if (from) {
        drives.push({
          fromId: from.id,
          toId: visit.id,
          from: from.point,
          to: visit.point,
          gapStart: latestEnd,
          gapEnd: visit.start,
        });
      }
      from = { id: visit.id, point: visit.point };
    }
    latestEnd = latestEnd === null ? visit.end : Math.max(latestEnd, visit.end);
  }
  return drives;
}

/** Minutes (or km) to one decimal, as the travel answers give them. */
export const roundTenth = (n: number) => Math.round(n * 10) / 10;

/** The free time of a gap in ms: 0 when the visits overlap (the double-booking flag says that). */
export const gapMsOf = (drive: Pick<DayDrive, 'gapStart' | 'gapEnd'>): number | null =>
  drive.gapStart === null ? null : Math.max(0, drive.gapEnd - drive.gapStart);

/**
 * Whether a gap (ms) is too short for a drive of `driveMinutes` (as answered, to 0.1 min): the
 * server and the timeline decide with the same rounded figure, so they never disagree.
 */
export function isTooShort(gapMs: number | null, driveMinutes: number): boolean {
  return gapMs !== null && gapMs < Math.round(driveMinutes * 60_000);
}
