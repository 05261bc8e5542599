import {
  type CalendarEvent,
  expandSeries,
  formatDateOnly,
  type JobStatus,
  occurrenceStatus,
  overlapsRange,
  unassignedColour,
  unassignedResourceId,
} from '@fieldplan/shared';
import { type BusyBooking, withBusy } from './busy-overlap.js';
import { findOverlaps } from './overlaps.js';
import type { FeedExceptionRow, FeedJobRow, Range } from './queries.js';

export interface FeedData {
  oneOffs: FeedJobRow[];
  series: FeedJobRow[];
  assignees: Map<string, string[]>;
  exceptions: FeedExceptionRow[];
  colours: Map<string, string>;
  /** Busy time from subscribed calendars: a job on it counts as double-booked. */
  busy?: BusyBooking[];
}

export interface FeedFilter {
  technicianId?: string | undefined;
  statuses?: JobStatus[] | undefined;
}

/** One event before it becomes JSON: times in ms (dates as UTC midnights when all-day). */
interface Draft {
  id: string;
  row: FeedJobRow;
  key: number | null;
  start: number;
  end: number;
  allDay: boolean;
  status: JobStatus;
  assigneeIds: string[];
}

const none: string[] = [];
const fmt = (ms: number, allDay: boolean) => (allDay ? formatDateOnly(ms) : new Date(ms).toISOString());

function drafts(data: FeedData, zone: string, range: Range): Draft[] {
  const out: Draft[] = [];
  for (const row of data.oneOffs) {
    const allDay = Number(row.all_day) === 1;
    const start = Number(row.start_at);
    const end = Number(row.end_at);
    if (!overlapsRange(allDay, start, end, zone, range.start, range.end)) continue;
    const assigneeIds = data.assignees.get(row.id) ?? none;
    out.push({ id: row.id, row, key: null, start, end, allDay, status: row.status as JobStatus, assigneeIds });
  }
  const exceptionsOf = new Map<string, FeedExceptionRow[]>();
  for (const e of data.exceptions) {
    const list = exceptionsOf.get(e.job_id);
    if (list) list.push(e);
    else exceptionsOf.set(e.job_id, [e]);
  }
  for (const row of data.series) {
    const allDay = Number(row.all_day) === 1;
    const series = { start: Number(row.start_at), end: Number(row.end_at), allDay, rrule: row.rrule ?? '' };
    const exceptions = (exceptionsOf.get(row.id) ?? []).map((e) => ({
      key: Number(e.occurrence_key),
      kind: e.kind,
      start: e.start_at === null ? null : Number(e.start_at),
      end: e.end_at === null ? null : Number(e.end_at),
      assigneeIds: e.assignee_ids === null ? null : (JSON.parse(e.assignee_ids) as string[]),
      status: e.status as JobStatus | null,
    }));
    const seriesAssignees = data.assignees.get(row.id) ?? none;
    for (const o of expandSeries(series, exceptions, zone, range.start, range.end)) {
      const assigneeIds = o.exception?.assigneeIds ?? seriesAssignees;
      const status = occurrenceStatus(row.status as JobStatus, o.exception?.status ?? null, assigneeIds.length > 0);
      out.push({ id: `${row.id}:${o.key}`, row, key: o.key, start: o.start, end: o.end, allDay, status, assigneeIds });
    }
  }
  return out;
}

/** True when the event takes a technician's time (all-day and cancelled ones don't double-book). */
const busy = (d: Draft) => !d.allDay && d.status !== 'cancelled';

/**
 * FullCalendar events for the range, occurrences expanded, each listing the other jobs its
 * technicians overlap with. Overlaps are found before filtering, so a filtered view still flags them.
 */
export function buildEvents(data: FeedData, zone: string, range: Range, filter: FeedFilter): CalendarEvent[] {
  const all = drafts(data, zone, range);
  const overlaps = findOverlaps(
    withBusy(
      all
        .filter(busy)
        .map((d) => ({ id: d.id, jobId: d.row.id, start: d.start, end: d.end, memberIds: d.assigneeIds })),
      data.busy ?? [],
    ),
  );
  const statuses = filter.statuses && filter.statuses.length > 0 ? new Set(filter.statuses) : null;
  const tech = filter.technicianId;
  all.sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1));
  const events: CalendarEvent[] = [];
  for (const d of all) {
    if (statuses && !statuses.has(d.status)) continue;
    if (tech && (tech === unassignedResourceId ? d.assigneeIds.length > 0 : !d.assigneeIds.includes(tech))) continue;
    const first = d.assigneeIds[0];
    const colour = first === undefined ? unassignedColour : (data.colours.get(first) ?? unassignedColour);
    const overlapping = overlaps.get(d.id);
    events.push({
      id: d.id,
      title: d.row.title,
      start: fmt(d.start, d.allDay),
      end: fmt(d.end, d.allDay),
      allDay: d.allDay,
      resourceIds: d.assigneeIds.length > 0 ? d.assigneeIds : [unassignedResourceId],
      backgroundColor: colour,
      borderColor: colour,
      extendedProps: {
        jobId: d.row.id,
        occurrenceKey: d.key === null ? null : fmt(d.key, d.allDay),
        version: Number(d.row.version),
        status: d.status,
        priority: Number(d.row.priority),
        assigneeIds: d.assigneeIds,
        customerId: d.row.customer_id,
        customerName: d.row.customer_name,
        address: d.row.address,
        lat: d.row.lat === null ? null : Number(d.row.lat),
        lng: d.row.lng === null ? null : Number(d.row.lng),
        recurring: d.key !== null,
        flexible: d.key === null && d.row.flex_start_at !== null,
        overlapsWith: overlapping ? [...overlapping] : [],
      },
    });
  }
  return events;
}
