import {
  dayMs,
  formatVisitTime,
  type MyDay,
  type MyDayVisit,
  matchesFilter,
  parseDateOnly,
  wallToInstant,
} from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { rangeVisits } from '../calendar/index.js';
import { siteDetailsOf } from '../jobs/index.js';
import { findMember } from '../members/index.js';
import { workspaceState } from '../workspaces/index.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  date: { id: 'problems.dates.date' },
});

const noDetails = { description: '', customerPhone: null, customerNotes: '' };

/**
 * The member's own visits of one local day in time order: the calendar's visits of the range
 * (recurring occurrences and their exceptions included), filtered to the member, with each site's
 * point and what the technician needs there (description, the customer's phone and notes). Only the
 * member's own visits, so a technician sees the contacts of their own jobs only (docs/PRODUCT.md, "Roles and permissions").
 */
export async function myDay(db: Kysely<Database>, actor: Actor, date: string): Promise<MyDay> {
  const day = parseDateOnly(date);
  if (day === null) throw fieldError('date', text(refusals.date));
  const { zone } = await workspaceState(db, actor.workspaceId);
  const range = { start: wallToInstant(zone, day), end: wallToInstant(zone, day + dayMs) };
  const [all, member] = await Promise.all([
    rangeVisits(db, actor.workspaceId, zone, range),
    findMember(db, actor.workspaceId, actor.memberId),
  ]);
  const mine = all.filter((v) => matchesFilter(v, { technicianId: actor.memberId }));
  const details = await siteDetailsOf(
    db,
    actor.workspaceId,
    mine.map((v) => v.job.id),
  );
  const visits: MyDayVisit[] = mine.map((v) => ({
    id: v.id,
    jobId: v.job.id,
    occurrence: v.occurrenceKey === null ? null : formatVisitTime(v.occurrenceKey, v.allDay),
    version: v.job.version,
    title: v.job.title,
    start: formatVisitTime(v.start, v.allDay),
    end: formatVisitTime(v.end, v.allDay),
    allDay: v.allDay,
    status: v.status,
    assigneeIds: [...v.assigneeIds],
    customerName: v.job.customerName,
    ...(details.get(v.job.id) ?? noDetails),
    address: v.job.address,
    lat: v.job.lat,
    lng: v.job.lng,
  }));
  // All-day visits (dates) first, then by start instant.
  visits.sort((a, b) => Number(!a.allDay) - Number(!b.allDay) || a.start.localeCompare(b.start));
  const homeBase =
    member?.home_lat == null || member.home_lng == null
      ? null
      : { lat: Number(member.home_lat), lng: Number(member.home_lng) };
  return { date, timeZone: zone, homeBase, visits };
}
