import type { DayFigures, OptimiseDayPreview, OptimiseDayQuery, PlannedVisit } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';
import { iso } from '../../lib/ids.js';
import { currentPlan, type DayPlan } from './day-plan.js';
import { optimiseDay } from './optimise.js';
import { loadTechnicianDay, problemOf, type TechnicianDay } from './optimise-day.js';
import type { TravelProvider } from './provider.js';

// `GET …/optimise-day`: today's plan of one technician's day against the least-drive
// order the optimiser finds, with the figures of both. Reads only.

export const optimiseMessages = {
  noFlexible: 'No visits with a flexible time on this day: give a visit a flexible window to let Fieldplan reorder it',
  notWorkingDay: 'This is not a working day, so no visit can move into the working hours',
  infeasible: "No order fits every visit's window and the working hours",
  alreadyBest: "Today's order already has the least driving",
} as const;

const round1 = (n: number) => Math.round(n * 10) / 10;
/** Plans closer than this are the same drive (floating-point sums of the same legs). */
const sameDriveS = 0.5;

function figuresOf(plan: DayPlan): DayFigures {
  return {
    distanceKm: round1(plan.distanceM / 1000),
    driveMinutes: round1(plan.durationS / 60),
    finish: plan.order.length === 0 ? null : iso(plan.finish),
  };
}

function visitsOf(day: TechnicianDay, plan: DayPlan): PlannedVisit[] {
  return plan.order.map((i, k) => {
    const v = day.visits[i] as TechnicianDay['visits'][number];
    const start = plan.starts[k] ?? v.start;
    return {
      jobId: v.jobId,
      title: v.title,
      version: v.version,
      fixed: v.window === null,
      start: iso(start),
      end: iso(start + v.end - v.start),
      currentStart: iso(v.start),
    };
  });
}

export async function previewOptimisedDay(
  db: Kysely<Database>,
  provider: TravelProvider,
  actor: Actor,
  query: OptimiseDayQuery,
): Promise<OptimiseDayPreview> {
  const day = await loadTechnicianDay(db, actor, query.memberId, query.date);
  const { problem, source, notice } = await problemOf(day, provider);
  const today = currentPlan(problem);
  const flexibleVisits = day.visits.filter((v) => v.window !== null).length;
  const answer = (plan: DayPlan | null, message?: string): OptimiseDayPreview => {
    const shown = plan ?? today;
    const visits = visitsOf(day, shown);
    return {
      memberId: day.memberId,
      date: day.date,
      flexibleVisits,
      before: figuresOf(today),
      after: plan && figuresOf(plan),
      visits,
      changed: plan ? visits.filter((v) => v.start !== v.currentStart).length : 0,
      ...(message !== undefined && { message }),
      source,
      ...(notice !== undefined && { notice }),
    };
  };
  if (flexibleVisits === 0) return answer(null, optimiseMessages.noFlexible);
  if (!day.workingDay) return answer(null, optimiseMessages.notWorkingDay);
  const best = optimiseDay(problem);
  if (!best) return answer(null, optimiseMessages.infeasible);
  if (best.durationS >= today.durationS - sameDriveS) return answer(null, optimiseMessages.alreadyBest);
  return answer(best);
}
