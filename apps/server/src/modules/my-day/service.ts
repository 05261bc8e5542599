import { dayMs, type MyDay, type MyDayVisit, parseDateOnly, wallToInstant } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../http/app-error.js';
import type { Actor } from '../../http/workspace-access.js';
import { buildEvents } from '../calendar/events.js';
import {
  assigneesInRange,
  exceptionsInRange,
  memberColours,
  oneOffJobs,
  seriesJobs,
  workspaceState,
} from '../calendar/queries.js';

/**
 * The member's own visits of one local day in time order: the calendar feed's expansion
 * (recurring occurrences and their exceptions included), filtered to the member, with each site's point.
 */
export async function myDay(db: Kysely<Database>, actor: Actor, date: string): Promise<MyDay> {
  const day = parseDateOnly(date);
  if (day === null) throw fieldError('date', 'Date must be a date such as 2026-03-02');
  const { zone } = await workspaceState(db, actor.workspaceId);
  const range = { start: wallToInstant(zone, day), end: wallToInstant(zone, day + dayMs) };
  const [oneOffs, series, assignees, exceptions, colours, member] = await Promise.all([
    oneOffJobs(db, actor.workspaceId, range),
    seriesJobs(db, actor.workspaceId, range),
    assigneesInRange(db, actor.workspaceId, range),
    exceptionsInRange(db, actor.workspaceId, range),
    memberColours(db, actor.workspaceId),
    db.selectFrom('memberships').select(['home_lat', 'home_lng']).where('id', '=', actor.memberId).executeTakeFirst(),
  ]);
  const data = { oneOffs, series, assignees, exceptions, colours: new Map(colours.map((m) => [m.id, m.colour])) };
  const events = buildEvents(data, zone, range, { technicianId: actor.memberId }).filter(
    (e) => e.extendedProps.status !== 'cancelled',
  );
  const jobIds = [...new Set(events.map((e) => e.extendedProps.jobId))];
  const points =
    jobIds.length === 0
      ? []
      : await db.selectFrom('jobs').select(['id', 'lat', 'lng']).where('id', 'in', jobIds).execute();
  const pointOf = new Map(points.map((p) => [p.id, p]));
  const visits: MyDayVisit[] = events.map((e) => {
    const point = pointOf.get(e.extendedProps.jobId);
    return {
      id: e.id,
      jobId: e.extendedProps.jobId,
      occurrence: e.extendedProps.occurrenceKey,
      version: e.extendedProps.version,
      title: e.title,
      start: e.start,
      end: e.end,
      allDay: e.allDay,
      status: e.extendedProps.status,
      assigneeIds: e.extendedProps.assigneeIds,
      customerName: e.extendedProps.customerName,
      address: e.extendedProps.address,
      lat: point?.lat == null ? null : Number(point.lat),
      lng: point?.lng == null ? null : Number(point.lng),
    };
  });
  // All-day visits (dates) first, then by start instant.
  visits.sort((a, b) => Number(!a.allDay) - Number(!b.allDay) || a.start.localeCompare(b.start));
  const homeBase =
    member?.home_lat == null || member.home_lng == null
      ? null
      : { lat: Number(member.home_lat), lng: Number(member.home_lng) };
  return { date, timeZone: zone, homeBase, visits };
}
