import { type BusyEvent, type BusyTime, type Member, unassignedColour, type Workspace } from '@fieldplan/shared';
import { api } from '../../base/api';
import type { LiveDispatch } from '../../base/live-registry';
import type { RootState } from '../../base/root-state';
import { feedsApi } from '../feed/endpoints';
import { membersApi } from '../member/endpoints';
import { workspaceApi } from '../workspace/endpoints';
import { type CalendarRangeArgs, calendarApi } from './calendar-endpoints';
import { applyJobChangeToVisits, busyTimesOf, rangeFilterOf, type VisitContext } from './calendar-patch';
import { jobsApi } from './endpoints';
import type { JobChangeMessage } from './job-change';
import { applyJobChangeToPage } from './job-list-change';

export type { JobChangeMessage } from './job-change';

/** The busy time cached for a range (the calendar asks for it beside the jobs), as instants. */
function cachedBusy(state: RootState, args: CalendarRangeArgs, zone: string): BusyTime[] {
  const { workspaceId, start, end } = args;
  const events: BusyEvent[] = feedsApi.endpoints.getBusy.select({ workspaceId, start, end })(state).data ?? [];
  return busyTimesOf(events, zone);
}

/** The zone and colours of a workspace, from the cache (null when not loaded yet). */
export function eventContextOf(workspace: Workspace | undefined, members: Member[] | undefined): VisitContext | null {
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
  return (dispatch: LiveDispatch, getState: () => RootState): Undo => {
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
          calendarApi.util.updateQueryData('getCalendarEvents', args, (visits) =>
            applyJobChangeToVisits(visits, change, cached, ctx, busy),
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
