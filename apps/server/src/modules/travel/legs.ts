import {
  type DayDrive,
  dayDrives,
  dayMs,
  formatDateOnly,
  gapMsOf,
  instantToWall,
  isTooShort,
  type LatLng,
  roundTenth,
  type TravelDay,
  type TravelLegAnswer,
  type TravelLegs,
  type TravelLegsQuery,
  travelLegsLimits,
  wallToInstant,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { boundsOf } from '../../http/range-query.js';
import type { Actor } from '../../http/workspace-access.js';
import { workspaceState } from '../workspaces/index.js';

import type { LegPair, TravelProvider } from './provider.js';
import { homeBases, type TravelVisit, visitsByMember } from './visits.js';

// Travel gaps: every technician's drives between consecutive visits, day by day over the
// visible range, priced by one travel-provider call. The timeline marks the gaps too short for the
// drive; the map draws the routes of the day with these drive times.

/** Local dates (UTC-midnight ms) of the range's first and last day in the zone. */
function daysOf(query: TravelLegsQuery, zone: string): { first: number; last: number } {
  const { start, end } = boundsOf(query, zone, travelLegsLimits.maxDays);
  const day = (ms: number) => Math.floor(instantToWall(zone, ms) / dayMs) * dayMs;
  return { first: day(start), last: day(end - 1) };
}

interface DayPlan {
  memberId: string;
  date: string;
  visits: number;
  drives: DayDrive[];
}

/** Each technician's days in the range (by member id, then date), each with its drives. */
function planDays(
  visitsOf: Map<string, TravelVisit[]>,
  homes: Map<string, LatLng | null>,
  zone: string,
  first: number,
  last: number,
) {
  const plans: DayPlan[] = [];
  for (const memberId of [...visitsOf.keys()].sort()) {
    const byDate = new Map<number, TravelVisit[]>();
    for (const visit of visitsOf.get(memberId) ?? []) {
      // A visit belongs to the day it starts on; one from the evening before the range is not shown.
      const date = Math.floor(instantToWall(zone, visit.start) / dayMs) * dayMs;
      if (date < first || date > last) continue;
      const list = byDate.get(date);
      if (list) list.push(visit);
      else byDate.set(date, [visit]);
    }
    for (const date of [...byDate.keys()].sort((a, b) => a - b)) {
      const visits = (byDate.get(date) ?? []).map((v) => ({
        id: v.eventId,
        start: v.start,
        end: v.end,
        point: v.point,
      }));
      plans.push({
        memberId,
        date: formatDateOnly(date),
        visits: visits.length,
        drives: dayDrives(homes.get(memberId) ?? null, visits),
      });
    }
  }
  return plans;
}

/** The answer of `GET /workspaces/:ws/travel-legs`: one provider call for every drive of the range. */
export async function travelLegs(
  db: Kysely<Database>,
  provider: TravelProvider,
  actor: Actor,
  query: TravelLegsQuery,
  cache?: LegsCache,
): Promise<TravelLegs> {
  const { zone, seq } = await workspaceState(db, actor.workspaceId);
  const { first, last } = daysOf(query, zone);
  const key = `${actor.workspaceId}|${seq}|${first}|${last}`;
  const cached = cache?.get(key);
  if (cached) return cached;
  // Whole local days, so every visit of a day shown chains even when the range cuts the day.
  const range = { start: wallToInstant(zone, first), end: wallToInstant(zone, last + dayMs) };
  const [visitsOf, homes] = await Promise.all([
    visitsByMember(db, actor.workspaceId, zone, range),
    homeBases(db, actor.workspaceId),
  ]);
  const plans = planDays(visitsOf, homes, zone, first, last);
  const pairs: LegPair[] = plans.flatMap((p) => p.drives.map((d) => [d.from, d.to] as const));
  const answer = await provider.legs(pairs);
  const legs: TravelLegAnswer[] = [];
  const days: TravelDay[] = [];
  let i = 0;
  for (const plan of plans) {
    let durationS = 0;
    let distanceM = 0;
    let tooShort = 0;
    for (const drive of plan.drives) {
      const leg = answer.legs[i++] ?? { durationS: 0, distanceM: 0 };
      durationS += leg.durationS;
      distanceM += leg.distanceM;
      const driveMinutes = roundTenth(leg.durationS / 60);
      const gapMs = gapMsOf(drive);
      const short = isTooShort(gapMs, driveMinutes);
      if (short) tooShort++;
      legs.push({
        memberId: plan.memberId,
        date: plan.date,
        fromEventId: drive.fromId,
        toEventId: drive.toId,
        gapMinutes: gapMs === null ? null : roundTenth(gapMs / 60_000),
        driveMinutes,
        distanceKm: roundTenth(leg.distanceM / 1000),
        tooShort: short,
      });
    }
    days.push({
      memberId: plan.memberId,
      date: plan.date,
      visits: plan.visits,
      driveMinutes: roundTenth(durationS / 60),
      distanceKm: roundTenth(distanceM / 1000),
      tooShort,
    });
  }
  const result: TravelLegs = {
    legs,
    days,
    source: answer.source,
    ...(answer.notice !== undefined && { notice: answer.notice }),
  };
  // A fallback is not kept: the next call tries the routing service again.
  if (answer.notice === undefined) cache?.set(key, result);
  return result;
}

/**
 * Answers by workspace, change-log `seq` and days: any write moves `seq`, so a stale answer is never
 * served. Every open board refetches after each job change; with a routing service that would be
 * one `/table` call per screen — with this, one per change. Least recently used out first.
 */
export class LegsCache {
  private readonly entries = new Map<string, TravelLegs>();
  constructor(private readonly max = 256) {}

  get(key: string): TravelLegs | undefined {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: TravelLegs): void {
    this.entries.set(key, value);
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
