import {
  formatVisitTime,
  isOutsideAreas,
  type Job,
  type Member,
  type PreparedArea,
  routesOfTheDay,
  type TravelLegs,
  unassignedColour,
} from '@fieldplan/shared';
import { type CalendarVisit, occurrenceOf } from '../../entities/job/calendar-visit';
import { t } from '../../lib/i18n';
import type { JobSites } from './endpoints';
import type { FlaggedDrive, MapHomeBase, MapJob, MapRoute } from './types';

/**
 * A visit's position: the feed's (null there means the job has none), else — for ranges cached
 * before the feed carried sites — from the jobs' sites.
 */
function siteOf(visit: CalendarVisit, sites: JobSites | undefined): { lat: number; lng: number } | null {
  const { lat, lng } = visit.job;
  if (typeof lat === 'number' && typeof lng === 'number') return { lat, lng };
  if (lat === null || lng === null) return null;
  return sites?.[visit.job.id] ?? null;
}

/** True when the visit says where its job is (or that it has no site). */
// Read loosely: a range cached before the feed carried sites has no `lat` at all.
// In a technician's place: one no longer in the workspace, or none at all.
const formerMember = () => t({ id: 'map.names.formerMember' });
const unassigned = () => t({ id: 'map.names.unassigned' });

const knowsSite = (visit: CalendarVisit) => (visit.job as { lat?: unknown }).lat !== undefined;

/**
 * Calendar visits as map jobs: positioned (visits without a site are left out), named and
 * coloured by their technicians, flagged when outside every area.
 */
export function toMapJobs(
  visits: readonly CalendarVisit[],
  sites: JobSites | undefined,
  members: readonly Member[],
  areas: readonly PreparedArea[],
): MapJob[] {
  const names = new Map(members.map((m) => [m.id, m.name]));
  const colours = new Map(members.map((m) => [m.id, m.colour]));
  const jobs: MapJob[] = [];
  for (const visit of visits) {
    const site = siteOf(visit, sites);
    if (!site) continue;
    const { job, assigneeIds } = visit;
    jobs.push({
      id: visit.id,
      jobId: job.id,
      occurrenceKey: occurrenceOf(visit),
      version: job.version,
      title: job.title,
      start: formatVisitTime(visit.start, visit.allDay),
      end: formatVisitTime(visit.end, visit.allDay),
      allDay: visit.allDay,
      status: visit.status,
      colour: colours.get(assigneeIds[0] ?? '') ?? (assigneeIds.length > 0 ? visit.colour : unassignedColour),
      assigneeIds: [...assigneeIds],
      technicianNames:
        assigneeIds.length > 0 ? assigneeIds.map((id) => names.get(id) ?? formerMember()) : [unassigned()],
      customerId: job.customerId,
      customerName: job.customerName,
      address: job.address,
      lat: site.lat,
      lng: site.lng,
      outsideAreas: isOutsideAreas(site, areas),
    });
  }
  return jobs;
}

/** Jobs that have a site, as map jobs (coloured by their first technician). */
export function jobsOnMap(jobs: readonly Job[], members: readonly Member[]): MapJob[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const placed: MapJob[] = [];
  for (const job of jobs) {
    if (job.lat === null || job.lng === null) continue;
    const first = byId.get(job.assigneeIds[0] ?? '');
    placed.push({
      id: job.id,
      jobId: job.id,
      occurrenceKey: null,
      version: job.version,
      title: job.title,
      start: job.start ?? '',
      end: job.end ?? '',
      allDay: job.allDay,
      status: job.status,
      colour: first?.colour ?? unassignedColour,
      assigneeIds: job.assigneeIds,
      technicianNames:
        job.assigneeIds.length > 0 ? job.assigneeIds.map((id) => byId.get(id)?.name ?? formerMember()) : [unassigned()],
      customerId: job.customerId,
      customerName: job.customerName,
      address: job.address,
      lat: job.lat,
      lng: job.lng,
      outsideAreas: false,
    });
  }
  return placed;
}

/** Visit ids whose job has no known site yet (created since the sites were read). */
export function missingSites(visits: readonly CalendarVisit[], sites: JobSites | undefined): string[] {
  if (!sites) return [];
  return visits.filter((v) => !knowsSite(v) && siteOf(v, sites) === null && !(v.job.id in sites)).map((v) => v.id);
}

export function homeBasesOf(members: readonly Member[]): MapHomeBase[] {
  return members
    .filter((m) => m.active && m.homeBase !== null)
    .map((m) => ({
      memberId: m.id,
      name: m.name,
      colour: m.colour,
      lat: m.homeBase?.lat ?? 0,
      lng: m.homeBase?.lng ?? 0,
    }));
}

/** Each technician's route through the day's timed visits that will happen (cancelled ones left out). */
export function dayRoutes(jobs: readonly MapJob[], members: readonly Member[]): MapRoute[] {
  const technicians = members.filter((m) => m.role === 'technician' || jobs.some((j) => j.assigneeIds.includes(m.id)));
  const stops = jobs
    .filter((j) => !j.allDay && j.status !== 'cancelled' && j.status !== 'unscheduled')
    .map((j) => ({ jobId: j.id, start: Date.parse(j.start), lat: j.lat, lng: j.lng, assigneeIds: j.assigneeIds }));
  const names = new Map(members.map((m) => [m.id, m.name]));
  return routesOfTheDay(
    technicians.map((m) => ({ id: m.id, colour: m.colour, homeBase: m.homeBase })),
    stops,
  ).map((route) => ({
    ...route,
    name: names.get(route.technicianId) ?? t({ id: 'map.names.technician' }),
  }));
}

/**
 * The routes with the day's drives from the travel answer: each technician's total drive
 * and distance on `date`, and the drives too short for their gap with the two sites to flag
 * between. Routes the answer doesn't know (a job added since) keep their straight-line figures.
 */
export function withTravel(
  routes: readonly MapRoute[],
  answer: TravelLegs | undefined,
  date: string,
  jobs: readonly MapJob[],
): MapRoute[] {
  if (!answer) return [...routes];
  const siteOf = new Map(jobs.map((j) => [j.id, { lat: j.lat, lng: j.lng }]));
  return routes.map((route) => {
    const day = answer.days.find((d) => d.memberId === route.technicianId && d.date === date);
    if (!day) return route;
    const flagged: FlaggedDrive[] = [];
    for (const leg of answer.legs) {
      if (leg.memberId !== route.technicianId || leg.date !== date || !leg.tooShort || leg.fromEventId === null)
        continue;
      const from = siteOf.get(leg.fromEventId);
      const to = siteOf.get(leg.toEventId);
      if (from && to) flagged.push({ from, to, gapMinutes: leg.gapMinutes ?? 0, driveMinutes: leg.driveMinutes });
    }
    return { ...route, travel: { driveMinutes: day.driveMinutes, distanceKm: day.distanceKm, flagged } };
  });
}
