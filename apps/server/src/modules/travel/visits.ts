import type { JobStatus, LatLng } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { buildEvents } from '../calendar/events.js';
import { assigneesInRange, exceptionsInRange, oneOffJobs, type Range, seriesJobs } from '../calendar/queries.js';

/** A visit that takes its technicians' time: timed, not cancelled (instants in ms). */
export interface Visit {
  /** The calendar feed's event id: the job id, or `jobId:occurrenceKey` for an occurrence. */
  eventId: string;
  jobId: string;
  title: string;
  /** The job's version (a series' for its occurrences). */
  version: number;
  start: number;
  end: number;
  status: JobStatus;
  assigneeIds: string[];
  /** The site, when the job has one. */
  point: LatLng | null;
  /** An occurrence of a series (its own time is an exception of the series, not the job's). */
  recurring: boolean;
}

/**
 * Every visit that overlaps the range and takes a technician's time, in time order, read the way
 * the calendar feed reads them (recurring occurrences and their exceptions expanded) with the feed's
 * handful of queries, so drive times see the same day the calendar shows. All-day and cancelled
 * visits take no technician's time (as in the double-booking check) and are left out.
 */
export async function timedVisits(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<Visit[]> {
  const [oneOffs, series, assignees, exceptions] = await Promise.all([
    oneOffJobs(db, workspaceId, range),
    seriesJobs(db, workspaceId, range),
    assigneesInRange(db, workspaceId, range),
    exceptionsInRange(db, workspaceId, range),
  ]);
  // buildEvents sorts by start: the visits come out in time order.
  const events = buildEvents({ oneOffs, series, assignees, exceptions, colours: new Map() }, zone, range, {});
  const visits: Visit[] = [];
  for (const e of events) {
    if (e.allDay || e.extendedProps.status === 'cancelled') continue;
    const { lat, lng } = e.extendedProps;
    visits.push({
      eventId: e.id,
      jobId: e.extendedProps.jobId,
      title: e.title,
      version: e.extendedProps.version,
      start: Date.parse(e.start),
      end: Date.parse(e.end),
      status: e.extendedProps.status,
      assigneeIds: e.extendedProps.assigneeIds,
      point: lat === null || lng === null ? null : { lat, lng },
      recurring: e.extendedProps.recurring,
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
): Promise<Map<string, Visit[]>> {
  const visitsOf = new Map<string, Visit[]>();
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
  const rows = await db
    .selectFrom('memberships')
    .select(['id', 'home_lat', 'home_lng'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      r.home_lat == null || r.home_lng == null ? null : { lat: Number(r.home_lat), lng: Number(r.home_lng) },
    ]),
  );
}
