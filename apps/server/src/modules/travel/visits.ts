import { type InstantRange, type JobStatus, type LatLng, takesTime } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { rangeVisits } from '../calendar/index.js';
import type { Range } from '../jobs/index.js';
import { memberHomes } from '../members/index.js';

/** A visit as drive times see it: timed, not cancelled, instants in ms and its site. */
export interface TravelVisit {
  /** The visit's id (the calendar feed's event id): the job id, or `jobId:occurrenceKey`. */
  eventId: string;
  jobId: string;
  title: string;
  /** The job's version (a series' for its occurrences). */
  version: number;
  start: number;
  end: number;
  status: JobStatus;
  assigneeIds: readonly string[];
  /** The site, when the job has one. */
  point: LatLng | null;
  /** An occurrence of a series (its own time is an exception of the series, not the job's). */
  recurring: boolean;
  /** Where "optimise a day" may move a flexible (one-off) visit; null: its time is fixed. */
  flexibleWindow: InstantRange | null;
}

/**
 * Every visit that overlaps the range and takes a technician's time (the shared `takesTime`: not
 * all-day, not cancelled), in time order — the calendar's visits of the range, so drive times see
 * the same day the calendar shows.
 */
export async function timedVisits(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<TravelVisit[]> {
  const visits: TravelVisit[] = [];
  for (const v of await rangeVisits(db, workspaceId, zone, range)) {
    if (!takesTime(v)) continue;
    const { job } = v;
    visits.push({
      eventId: v.id,
      jobId: job.id,
      title: job.title,
      version: job.version,
      start: v.start,
      end: v.end,
      status: v.status,
      assigneeIds: v.assigneeIds,
      point: job.lat === null || job.lng === null ? null : { lat: job.lat, lng: job.lng },
      recurring: v.occurrenceKey !== null,
      flexibleWindow: v.flexible ? job.flexibleWindow : null,
    });
  }
  return visits;
}

/** Each technician's visits of the range (member id → visits in time order); a shared visit is in both lists. */
export async function visitsByMember(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<Map<string, TravelVisit[]>> {
  const visitsOf = new Map<string, TravelVisit[]>();
  for (const visit of await timedVisits(db, workspaceId, zone, range)) {
    for (const memberId of visit.assigneeIds) {
      const list = visitsOf.get(memberId);
      if (list) list.push(visit);
      else visitsOf.set(memberId, [visit]);
    }
  }
  return visitsOf;
}

/** Every member's home base (null when not set), active or not: a former technician's visits still chain. */
export async function homeBases(db: Kysely<Database>, workspaceId: string): Promise<Map<string, LatLng | null>> {
  const rows = await memberHomes(db, workspaceId);
  return new Map(
    rows.map((r) => [
      r.id,
      r.home_lat == null || r.home_lng == null ? null : { lat: Number(r.home_lat), lng: Number(r.home_lng) },
    ]),
  );
}
