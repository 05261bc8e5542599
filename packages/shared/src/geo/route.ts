import { pathLengthM } from './distance.js';
import type { LatLng } from './types.js';

/** A visit on a technician's day: where and when it starts (epoch ms). */
export interface RouteStop extends LatLng {
  jobId: string;
  start: number;
  /** Technicians (member ids) doing the visit; a visit with two is on both routes. */
  assigneeIds: readonly string[];
}

export interface RouteTechnician {
  id: string;
  colour: string;
  homeBase: LatLng | null;
}

export interface DayRoute {
  technicianId: string;
  colour: string;
  /** The home base (when set), then each visit's site in time order. */
  points: LatLng[];
  /** Job ids in the order they are visited. */
  jobIds: string[];
  startsAtHome: boolean;
  /** Length of the polyline (great-circle legs), metres. */
  distanceM: number;
}

/**
 * The route of the day of each technician who has visits among `stops` (docs/PRODUCT.md, "What it does and for whom"): their home
 * base, then the visits in time order (ties by job id, so the line is stable). Pass only the day's
 * visits that will happen (leave cancelled ones out); technicians keep the order given.
 */
export function routesOfTheDay(technicians: readonly RouteTechnician[], stops: readonly RouteStop[]): DayRoute[] {
  const ordered = [...stops].sort((a, b) => a.start - b.start || (a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0));
  const routes: DayRoute[] = [];
  for (const tech of technicians) {
    const visits = ordered.filter((s) => s.assigneeIds.includes(tech.id));
    if (visits.length === 0) continue;
    const points: LatLng[] = visits.map((v) => ({ lat: v.lat, lng: v.lng }));
    if (tech.homeBase) points.unshift({ lat: tech.homeBase.lat, lng: tech.homeBase.lng });
    routes.push({
      technicianId: tech.id,
      colour: tech.colour,
      points,
      jobIds: visits.map((v) => v.jobId),
      startsAtHome: tech.homeBase !== null,
      distanceM: pathLengthM(points),
    });
  }
  return routes;
}
