import {
  type AreaGeometry,
  dayMs,
  instantToWall,
  isOutsideAreas,
  minuteMs,
  parseDateOnly,
  prepareAreas,
  type SlotSuggestions,
  type SuggestQuery,
  suggestLimits,
  type WorkingHours,
  wallToInstant,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, notFound } from '../../http/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import { listAreas } from '../areas/index.js';
import { busyBookingsIn } from '../calendar/index.js';
import { findJobRow } from '../jobs/index.js';
import { activeTechnicians } from '../members/index.js';
import { workspaceSchedule } from '../workspaces/index.js';

import type { TravelProvider } from './provider.js';
import { type Interval, suggestSlots, type TechnicianPlan } from './slots.js';
import { visitsByMember } from './visits.js';

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Active technicians with their home bases. */
/**
 * The three best (technician, start) options for an unscheduled job with a site. The
 * range's jobs, busy time and technicians are read once; each technician's days are then walked
 * once in memory (see slots.ts).
 */
export async function suggestForJob(
  db: Kysely<Database>,
  provider: TravelProvider,
  actor: Actor,
  jobId: string,
  query: SuggestQuery,
  now = Date.now(),
): Promise<SlotSuggestions> {
  const [job, workspace] = await Promise.all([
    findJobRow(db, actor.workspaceId, jobId),
    workspaceSchedule(db, actor.workspaceId),
  ]);
  if (!job) throw notFound('Job');
  if (job.start_at !== null || job.status !== 'unscheduled') {
    throw fieldError('id', 'Only an unscheduled job gets suggestions: this one already has a time or a status');
  }
  if (job.lat === null || job.lng === null) {
    throw fieldError('lat', 'Give the job a site on the map (latitude and longitude) to get suggestions');
  }
  const zone = workspace.time_zone;
  const today = Math.floor(instantToWall(zone, now) / dayMs) * dayMs;
  const first = query.from === undefined ? today : parseDateOnly(query.from);
  if (first === null) throw fieldError('from', 'From must be a date such as 2026-03-02');
  const dates = Array.from({ length: query.days }, (_, i) => first + i * dayMs);
  const range = { start: wallToInstant(zone, first), end: wallToInstant(zone, first + query.days * dayMs) };

  const [stopsOf, busy, techs, areas] = await Promise.all([
    visitsByMember(db, actor.workspaceId, zone, range),
    busyBookingsIn(db, actor.workspaceId, zone, range),
    activeTechnicians(db, actor.workspaceId),
    listAreas(db, actor.workspaceId),
  ]);
  const everyone: Interval[] = [];
  const busyOf = new Map<string, Interval[]>();
  for (const b of busy) {
    if (b.end <= b.start) continue;
    if (b.memberId === null) everyone.push(b);
    else busyOf.set(b.memberId, [...(busyOf.get(b.memberId) ?? []), b]);
  }
  const plans: TechnicianPlan[] = techs.map((t) => ({
    memberId: t.id,
    home: t.home_lat == null || t.home_lng == null ? null : { lat: Number(t.home_lat), lng: Number(t.home_lng) },
    stops: stopsOf.get(t.id) ?? [],
    busy: [...everyone, ...(busyOf.get(t.id) ?? [])],
  }));
  const site = { lat: Number(job.lat), lng: Number(job.lng) };
  const durationMs = query.durationMinutes * minuteMs;
  const workingHours = JSON.parse(workspace.working_hours) as WorkingHours;
  const problem = { zone, workingHours, dates, site, durationMs, notBefore: now, technicians: plans };
  const { slots, source, notice } = await suggestSlots(problem, provider);
  const prepared = prepareAreas(areas.map((a) => ({ geometry: JSON.parse(a.geometry) as AreaGeometry })));
  return {
    options: slots.slice(0, suggestLimits.options).map((s) => ({
      memberId: s.memberId,
      start: new Date(s.start).toISOString(),
      end: new Date(s.end).toISOString(),
      addedTravelMinutes: round1(s.addedS / 60),
      addedDistanceKm: round1(s.addedM / 1000),
      ...(s.after !== undefined && { after: s.after }),
      ...(s.before !== undefined && { before: s.before }),
    })),
    durationMinutes: query.durationMinutes,
    outsideServiceAreas: isOutsideAreas(site, prepared),
    source,
    ...(notice !== undefined && { notice }),
  };
}
