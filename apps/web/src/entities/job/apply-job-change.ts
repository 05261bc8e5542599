import {
  type BusyEvent,
  type CalendarEvent,
  dayMs,
  type Member,
  parseDateOnly,
  unassignedColour,
  type Workspace,
  wallToInstant,
} from '@fieldplan/shared';
import type { AppDispatch, RootState } from '../../app/store';
import { api } from '../../base/api';
import { feedsApi } from '../feed/endpoints';
import { membersApi } from '../member/endpoints';
import { workspaceApi } from '../workspace/endpoints';
import { type BusyBooking, busyBookingsOf, onBusyTime } from './busy-bookings';
import { type CalendarRangeArgs, calendarApi } from './calendar-endpoints';
import { jobsApi } from './endpoints';
import type { JobChangeMessage } from './job-change';
import { doubleBooks, type EventContext, type InstantRange, jobEvents, passesFilter } from './job-events';
import { applyJobChangeToPage } from './job-list-change';

export type { JobChangeMessage } from './job-change';

/** A cached range's bounds and filters, as the feed applied them. */
export interface RangeFilter {
  range: InstantRange;
  technicianId: string | null;
  statuses: readonly string[];
}

const byStart = (a: CalendarEvent, b: CalendarEvent) =>
  Date.parse(a.start) - Date.parse(b.start) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The events of one cached range after a change to one job, without asking the server: the job's
 * old events leave, its new ones (recomputed from the job with the shared recurrence module) come
 * in if they pass the range's filters, and the double-booking marks of the events they touch are
 * redone. Marks between other jobs are the server's and stay as they were.
 */
export function applyJobChangeToEvents(
  events: readonly CalendarEvent[],
  change: JobChangeMessage,
  cached: RangeFilter,
  ctx: EventContext,
  busy: readonly BusyBooking[] = [],
): CalendarEvent[] {
  const jobId = change.data.id;
  const oldIds = new Set(events.filter((e) => e.extendedProps.jobId === jobId).map((e) => e.id));
  const fresh = change.action === 'deleted' ? [] : jobEvents(change.data, ctx, cached.range);
  const kept = events.filter((e) => !oldIds.has(e.id));
  const marks = new Map<string, string[]>();
  for (const n of fresh) {
    const partners = kept.filter((e) => doubleBooks(n, e)).map((e) => e.id);
    marks.set(n.id, [...partners, ...onBusyTime(n, busy)]);
    for (const id of partners) marks.set(id, [...(marks.get(id) ?? []), n.id]);
  }
  const next = kept.map((e) => {
    const stale = e.extendedProps.overlapsWith.some((id) => oldIds.has(id));
    const added = marks.get(e.id);
    if (!stale && !added) return e;
    const overlapsWith = [...e.extendedProps.overlapsWith.filter((id) => !oldIds.has(id)), ...(added ?? [])];
    return { ...e, extendedProps: { ...e.extendedProps, overlapsWith } };
  });
  for (const n of fresh) {
    if (!passesFilter(n, cached.technicianId, cached.statuses)) continue;
    next.push({ ...n, extendedProps: { ...n.extendedProps, overlapsWith: marks.get(n.id) ?? [] } });
  }
  return next.sort(byStart);
}

/** A cached range's args as instants and filters (dates are read in the workspace zone). */
export function rangeFilterOf(args: CalendarRangeArgs, zone: string): RangeFilter {
  const start = parseDateOnly(args.start) ?? 0;
  const end = parseDateOnly(args.end) ?? start + dayMs;
  return {
    range: { start: wallToInstant(zone, start), end: wallToInstant(zone, end) },
    technicianId: args.technicianId,
    statuses: args.status ? args.status.split(',') : [],
  };
}

/** The busy time cached for a range (the calendar asks for it beside the jobs), as instants. */
function cachedBusy(state: RootState, args: CalendarRangeArgs, zone: string): BusyBooking[] {
  const { workspaceId, start, end } = args;
  const events: BusyEvent[] = feedsApi.endpoints.getBusy.select({ workspaceId, start, end })(state).data ?? [];
  return busyBookingsOf(events, zone);
}

/** The zone and colours of a workspace, from the cache (null when not loaded yet). */
export function eventContextOf(workspace: Workspace | undefined, members: Member[] | undefined): EventContext | null {
  if (!workspace) return null;
  return {
    zone: workspace.timeZone,
    colours: new Map((members ?? []).map((m) => [m.id, m.colour ?? unassignedColour])),
  };
}

/**
 * Applies a job change to every cached calendar range, the unscheduled queue and other job lists,
 * and the job's own cache entry — no refetch. Realtime messages and our own successful writes both
 * come through here. Without the workspace's zone in the cache, the calendar refetches instead.
 */
export function applyJobChange(workspaceId: string, change: JobChangeMessage) {
  return (dispatch: AppDispatch, getState: () => RootState): Undo => {
    const state = getState();
    const patches: Undo[] = [];
    const ctx = eventContextOf(
      workspaceApi.endpoints.getWorkspace.select(workspaceId)(state).data,
      membersApi.endpoints.getMembers.select(workspaceId)(state).data,
    );
    const ranges = calendarApi.util
      .selectCachedArgsForQuery(state, 'getCalendarEvents')
      .filter((args) => args.workspaceId === workspaceId);
    if (ctx) {
      for (const args of ranges) {
        const cached = rangeFilterOf(args, ctx.zone);
        const busy = cachedBusy(state, args, ctx.zone);
        const patch = dispatch(
          calendarApi.util.updateQueryData('getCalendarEvents', args, (events) =>
            applyJobChangeToEvents(events, change, cached, ctx, busy),
          ),
        );
        patches.push(patch.undo);
      }
    } else if (ranges.length > 0) {
      dispatch(api.util.invalidateTags([{ type: 'CalendarEvents', id: workspaceId }]));
    }
    for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'listJobs')) {
      if (args.workspaceId !== workspaceId) continue;
      const patch = dispatch(
        jobsApi.util.updateQueryData('listJobs', args, (page) => applyJobChangeToPage(page, change, args)),
      );
      patches.push(patch.undo);
    }
    if (change.action !== 'deleted') {
      const key = { workspaceId, id: change.data.id };
      const cachedJob = jobsApi.endpoints.getJob.select(key)(state).data;
      if (cachedJob && cachedJob.version <= change.data.version) {
        const patch = dispatch(jobsApi.util.updateQueryData('getJob', key, () => change.data));
        patches.push(patch.undo);
      }
    }
    // Undoing in reverse order restores exactly what was cached (an optimistic change that failed).
    return () => {
      for (const undo of patches.reverse()) undo();
    };
  };
}

/** Reverts what a change did to the caches. */
export type Undo = () => void;
