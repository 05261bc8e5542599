import { type CalendarEvent, type Job, unassignedColour, unassignedResourceId } from '@fieldplan/shared';
import type { AppDispatch, RootState } from '../../app/store';
import { membersApi } from '../member/endpoints';
import type { Undo } from './apply-job-change';
import { calendarApi } from './calendar-endpoints';
import { jobsApi } from './endpoints';

export interface EventMove {
  eventId: string;
  start: string;
  end: string;
  /** New technicians, or null to keep them. */
  assigneeIds: string[] | null;
}

function moved(e: CalendarEvent, move: EventMove, colours: ReadonlyMap<string, string>): CalendarEvent {
  const assigneeIds = move.assigneeIds ?? e.extendedProps.assigneeIds;
  const first = assigneeIds[0];
  const colour = first === undefined ? unassignedColour : (colours.get(first) ?? e.backgroundColor);
  return {
    ...e,
    start: move.start,
    end: move.end,
    resourceIds: assigneeIds.length > 0 ? assigneeIds : [unassignedResourceId],
    backgroundColor: colour,
    borderColor: colour,
    extendedProps: { ...e.extendedProps, assigneeIds },
  };
}

/**
 * Optimistic: the dragged event takes its new place in every cached range at once (the server's
 * answer then replaces the whole job's events); the returned undo puts it back on failure.
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
        calendarApi.util.updateQueryData('getCalendarEvents', args, (events) => {
          const index = events.findIndex((e) => e.id === move.eventId);
          const found = events[index];
          if (found) events[index] = moved(found, move, colours);
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
