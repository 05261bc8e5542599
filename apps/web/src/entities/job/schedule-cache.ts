import { type Job, parseJobTime, unassignedColour } from '@fieldplan/shared';
import type { AppDispatch, RootState } from '../../base/store-types';
import { membersApi } from '../member/endpoints';
import type { Undo } from './apply-job-change';
import { calendarApi } from './calendar-endpoints';
import type { CalendarVisit } from './calendar-visit';
import { jobsApi } from './endpoints';

export interface EventMove {
  eventId: string;
  /** New times as the API writes them: ISO instants, or dates when all-day. */
  start: string;
  end: string;
  /** New technicians, or null to keep them. */
  assigneeIds: string[] | null;
}

function moved(v: CalendarVisit, move: EventMove, colours: ReadonlyMap<string, string>): CalendarVisit {
  const assigneeIds = move.assigneeIds ?? v.assigneeIds;
  const first = assigneeIds[0];
  const colour = first === undefined ? unassignedColour : (colours.get(first) ?? v.colour);
  return {
    ...v,
    start: parseJobTime(move.start, v.allDay) ?? v.start,
    end: parseJobTime(move.end, v.allDay) ?? v.end,
    assigneeIds,
    colour,
  };
}

/**
 * Optimistic: the dragged visit takes its new place in every cached range at once (the server's
 * answer then replaces the whole job's visits); the returned undo puts it back on failure.
 */
export function moveEventOptimistically(workspaceId: string, move: EventMove) {
  return (dispatch: AppDispatch, getState: () => RootState): Undo => {
    const state = getState();
    const members = membersApi.endpoints.getMembers.select(workspaceId)(state).data ?? [];
    const colours = new Map(members.map((m) => [m.id, m.colour]));
    const undos: Undo[] = [];
    for (const args of calendarApi.util.selectCachedArgsForQuery(state, 'getCalendarEvents')) {
      if (args.workspaceId !== workspaceId) continue;
      const patch = dispatch(
        calendarApi.util.updateQueryData('getCalendarEvents', args, (visits) => {
          const index = visits.findIndex((v) => v.id === move.eventId);
          const found = visits[index];
          if (found) visits[index] = moved(found, move, colours);
        }),
      );
      undos.push(patch.undo);
    }
    return () => {
      for (const undo of undos.reverse()) undo();
    };
  };
}

/** A job we hold in any cache (its detail, or a page of a list such as the queue). */
export function cachedJob(state: RootState, workspaceId: string, id: string): Job | undefined {
  const own = jobsApi.endpoints.getJob.select({ workspaceId, id })(state).data;
  if (own) return own;
  for (const args of jobsApi.util.selectCachedArgsForQuery(state, 'listJobs')) {
    if (args.workspaceId !== workspaceId) continue;
    const found = jobsApi.endpoints.listJobs
      .select(args)(state)
      .data?.items.find((j) => j.id === id);
    if (found) return found;
  }
  return undefined;
}
