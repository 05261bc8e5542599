import { dayMs, type LatLng, minuteMs, type TravelLeg, type WorkingHours, wallToInstant } from '@fieldplan/shared';
import type { LegPair, TravelProvider } from './provider.js';

// The slot suggester, pure but for the drive times: every technician's day is walked once
// into the gaps between consecutive stops (the home base opens the day), all the drives the gaps need
// are asked of the travel provider in one go, and each gap offers its earliest start that fits.

const gridMs = 15 * minuteMs;

/** A visit that takes a technician's time: instants in ms, and its site when it has one. */
export interface Stop {
  jobId: string;
  start: number;
  end: number;
  point: LatLng | null;
}

export interface Interval {
  start: number;
  end: number;
}

export interface TechnicianPlan {
  memberId: string;
  home: LatLng | null;
  /** Timed, not cancelled; any order. */
  stops: Stop[];
  /** Busy time from feeds: the technician's own and everyone's. */
  busy: Interval[];
}

export interface SlotProblem {
  zone: string;
  workingHours: WorkingHours;
  /** Local dates (UTC-midnight ms) searched. */
  dates: number[];
  site: LatLng;
  durationMs: number;
  /** Nothing starts before this instant. */
  notBefore: number;
  technicians: TechnicianPlan[];
  /**
   * Also offer later starts in each gap, at least this far apart (the booking page offers a choice of
   * times); absent: each gap's earliest start only.
   */
  spacingMs?: number;
}

export interface Slot {
  memberId: string;
  start: number;
  end: number;
  addedS: number;
  addedM: number;
  after?: string;
  before?: string;
}

interface Gap {
  memberId: string;
  busy: Interval[];
  /** Free from (the previous stop's end, or the day's start) until `until`. */
  from: number;
  until: number;
  dayEnd: number;
  prev: { jobId?: string; point: LatLng | null };
  next: { jobId: string; point: LatLng | null } | null;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const ceilGrid = (ms: number) => Math.ceil(ms / gridMs) * gridMs;

/** Every gap of every technician's working day in the dates searched. */
export function gapsOf(problem: SlotProblem): Gap[] {
  const { zone, workingHours: hours } = problem;
  const days = new Set(hours.days);
  const dates = problem.dates.filter((d) => days.has(new Date(d).getUTCDay()));
  // The days' bounds once for every technician: the zone conversions are the costly part.
  const bounds = dates
    .map((date) => ({
      dayStart: wallToInstant(zone, date + minutesOf(hours.start) * minuteMs),
      dayEnd: wallToInstant(zone, date + minutesOf(hours.end) * minuteMs),
      midnight: wallToInstant(zone, date),
      nextMidnight: wallToInstant(zone, date + dayMs),
    }))
    .filter((day) => day.dayEnd > problem.notBefore);
  const gaps: Gap[] = [];
  for (const tech of problem.technicians) {
    const stops = [...tech.stops].sort((a, b) => a.start - b.start || a.end - b.end);
    const busy = [...tech.busy].sort((a, b) => a.start - b.start);
    for (const { dayStart, dayEnd, midnight, nextMidnight } of bounds) {
      let prev: Gap['prev'] = { point: tech.home };
      let from = dayStart;
      for (const stop of stops) {
        if (stop.end <= midnight || stop.start >= nextMidnight) continue;
        gaps.push({ memberId: tech.memberId, busy, from, until: stop.start, dayEnd, prev, next: stop });
        // A visit without a site: the next drive starts from the last place known.
        prev = { jobId: stop.jobId, point: stop.point ?? prev.point };
        from = Math.max(from, stop.end);
      }
      gaps.push({ memberId: tech.memberId, busy, from, until: dayEnd, dayEnd, prev, next: null });
    }
  }
  return gaps;
}

/** The earliest grid start in the gap that leaves room for both drives and avoids busy time, or null. */
function earliestStart(gap: Gap, problem: SlotProblem, inMs: number, outMs: number, after = 0): number | null {
  let start = ceilGrid(Math.max(gap.from + inMs, problem.notBefore, after));
  for (;;) {
    const end = start + problem.durationMs;
    if (end > gap.dayEnd || end + outMs > gap.until) return null;
    const clash = gap.busy.find((b) => b.start < end + outMs && b.end > start - inMs);
    if (!clash) return start;
    start = ceilGrid(Math.max(clash.end + inMs, start + gridMs));
  }
}

const none: TravelLeg = { durationS: 0, distanceM: 0 };

/**
 * Every (technician, start) that fits, one per gap (its earliest start: the added drive is the
 * same anywhere in a gap), best first: least added drive time, then earliest, then member id.
 * A drive to or from a place not known (no home base, no site) counts as nothing.
 */
export async function suggestSlots(problem: SlotProblem, provider: TravelProvider) {
  const gaps = gapsOf(problem);
  const pairs: LegPair[] = [];
  const ask = (a: LatLng | null, b: LatLng | null) => {
    if (!a || !b) return -1;
    pairs.push([a, b]);
    return pairs.length - 1;
  };
  const wanted = gaps.map((g) => ({
    in: ask(g.prev.point, problem.site),
    out: ask(problem.site, g.next?.point ?? null),
    without: ask(g.prev.point, g.next?.point ?? null),
  }));
  const answer = await provider.legs(pairs);
  const leg = (i: number) => (i < 0 ? none : (answer.legs[i] ?? none));
  const slots: Slot[] = [];
  gaps.forEach((gap, i) => {
    const w = wanted[i] as (typeof wanted)[number];
    const [into, out, without] = [leg(w.in), leg(w.out), leg(w.without)];
    let start = earliestStart(gap, problem, into.durationS * 1000, out.durationS * 1000);
    while (start !== null) {
      slots.push({
        memberId: gap.memberId,
        start,
        end: start + problem.durationMs,
        addedS: into.durationS + out.durationS - without.durationS,
        addedM: into.distanceM + out.distanceM - without.distanceM,
        ...(gap.prev.jobId !== undefined && { after: gap.prev.jobId }),
        ...(gap.next && { before: gap.next.jobId }),
      });
      if (!problem.spacingMs) break;
      const after = start + problem.spacingMs;
      start = earliestStart(gap, problem, into.durationS * 1000, out.durationS * 1000, after);
    }
  });
  slots.sort(
    (a, b) =>
      a.addedS - b.addedS || a.start - b.start || (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0),
  );
  return { slots, source: answer.source, notice: answer.notice };
}

/**
 * Whether `memberId` can start the visit at exactly `start` by the rules `suggestSlots` offers by: on
 * the grid, not before `notBefore`, inside one gap of the working day with room for the drives in
 * and out, clear of busy time. A booking re-checks the slot it was offered with this.
 */
export async function slotFits(
  problem: SlotProblem,
  provider: TravelProvider,
  memberId: string,
  start: number,
): Promise<boolean> {
  if (start % gridMs !== 0 || start < problem.notBefore) return false;
  const end = start + problem.durationMs;
  const own = { ...problem, technicians: problem.technicians.filter((t) => t.memberId === memberId) };
  const gap = gapsOf(own).find((g) => g.from <= start && end <= g.until && end <= g.dayEnd);
  if (!gap) return false;
  const pairs: LegPair[] = [];
  if (gap.prev.point) pairs.push([gap.prev.point, problem.site]);
  if (gap.next?.point) pairs.push([problem.site, gap.next.point]);
  const answer = await provider.legs(pairs);
  const inMs = gap.prev.point ? (answer.legs[0] ?? none).durationS * 1000 : 0;
  const outMs = gap.next?.point ? (answer.legs[gap.prev.point ? 1 : 0] ?? none).durationS * 1000 : 0;
  if (start < gap.from + inMs || end + outMs > gap.until) return false;
  return !gap.busy.some((b) => b.start < end + outMs && b.end > start - inMs);
}
