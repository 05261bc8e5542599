import {
  dayMs,
  type InstantRange,
  instantToWall,
  type LatLng,
  minuteMs,
  parseDateOnly,
  type TravelLeg,
  type WorkingHours,
  wallToInstant,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { findMember } from '../members/index.js';
import { workspaceSchedule } from '../workspaces/index.js';
import type { OptimiseProblem } from './day-plan.js';
import type { LegPair, TravelProvider } from './provider.js';
import { timedVisits } from './visits.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  notTechnician: { id: 'problems.optimise.notTechnician' },
  deactivated: { id: 'problems.jobs.assigneeDeactivated' },
  date: { id: 'problems.dates.date' },
});

// One technician's day as "optimise a day" sees it: the visits that take their time on
// that local date, which of them may move (and within what), the working hours and the home base.
// The preview (optimise-preview.ts) and the apply (optimise-apply.ts) both start from it.

/** A visit of the day (instants in ms). */
export interface DayVisit {
  jobId: string;
  title: string;
  version: number;
  start: number;
  end: number;
  point: LatLng | null;
  /** Flexible visits only: where the visit may lie. Null: the visit is fixed. */
  window: InstantRange | null;
}

export interface TechnicianDay {
  memberId: string;
  /** The local date as asked (`2026-03-02`) and as UTC-midnight ms. */
  date: string;
  dateMs: number;
  zone: string;
  hours: WorkingHours;
  /** Whether the date is one of the working days; the working hours of that date as instants. */
  workingDay: boolean;
  dayStart: number;
  dayEnd: number;
  home: LatLng | null;
  /** Ordered by start. */
  visits: DayVisit[];
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** `09:30` in the zone. */
export function localTime(zone: string, ms: number): string {
  return new Date(instantToWall(zone, ms)).toISOString().slice(11, 16);
}

/**
 * The technician's day: 404 for a member that isn't in the caller's workspace, 400 on `memberId`
 * for one who isn't an active technician and on `date` for a date that doesn't parse.
 */
export async function loadTechnicianDay(
  db: Kysely<Database>,
  actor: Actor,
  memberId: string,
  date: string,
): Promise<TechnicianDay> {
  const [member, workspace] = await Promise.all([
    findMember(db, actor.workspaceId, memberId),
    workspaceSchedule(db, actor.workspaceId),
  ]);
  if (!member) throw notFound('Technician');
  if (member.role !== 'technician') {
    throw fieldError('memberId', text(refusals.notTechnician, { id: memberId, role: member.role }));
  }
  if (member.deactivated_at !== null) throw fieldError('memberId', text(refusals.deactivated, { id: memberId }));
  const dateMs = parseDateOnly(date);
  if (dateMs === null) throw fieldError('date', text(refusals.date));

  const zone = workspace.time_zone;
  const hours = JSON.parse(workspace.working_hours) as WorkingHours;
  const range = { start: wallToInstant(zone, dateMs), end: wallToInstant(zone, dateMs + dayMs) };
  const visits = (await timedVisits(db, actor.workspaceId, zone, range)).filter((v) =>
    v.assigneeIds.includes(memberId),
  );
  // Only a one-off visit of this technician alone, not started yet and with a site, may move.
  const candidates = visits.filter(
    (v) => !v.recurring && v.status === 'scheduled' && v.assigneeIds.length === 1 && v.point !== null,
  );
  return {
    memberId,
    date,
    dateMs,
    zone,
    hours,
    workingDay: hours.days.includes(new Date(dateMs).getUTCDay()),
    dayStart: wallToInstant(zone, dateMs + minutesOf(hours.start) * minuteMs),
    dayEnd: wallToInstant(zone, dateMs + minutesOf(hours.end) * minuteMs),
    home:
      member.home_lat === null || member.home_lng === null
        ? null
        : { lat: Number(member.home_lat), lng: Number(member.home_lng) },
    visits: visits
      .map((v) => ({
        jobId: v.jobId,
        title: v.title,
        version: v.version,
        start: v.start,
        end: v.end,
        point: v.point,
        window: candidates.includes(v) ? v.flexibleWindow : null,
      }))
      .sort((a, b) => a.start - b.start || a.end - b.end || (a.jobId < b.jobId ? -1 : 1)),
  };
}

const none: TravelLeg = { durationS: 0, distanceM: 0 };

/**
 * The optimiser's problem for the day, its drive times asked of the provider in one call (place 0
 * is the home base, place i + 1 the i-th visit's site; a drive to or from a place not known counts
 * as nothing, as in the slot suggester).
 */
export async function problemOf(day: TechnicianDay, provider: TravelProvider) {
  const places = [day.home, ...day.visits.map((v) => v.point)];
  const pairs: LegPair[] = [];
  const index: number[][] = places.map((a, i) =>
    places.map((b, j) => {
      if (i === j || !a || !b) return -1;
      pairs.push([a, b]);
      return pairs.length - 1;
    }),
  );
  const answer = await provider.legs(pairs);
  const matrix = index.map((row) => row.map((k) => (k < 0 ? none : (answer.legs[k] ?? none))));
  const problem: OptimiseProblem = {
    dayStart: day.dayStart,
    dayEnd: day.dayEnd,
    stops: day.visits.map((v) => ({
      jobId: v.jobId,
      durationMs: v.end - v.start,
      fixed: v.window === null,
      window: v.window ?? { start: v.start, end: v.end },
      currentStart: v.start,
    })),
    matrix,
  };
  return { problem, source: answer.source, notice: answer.notice };
}
