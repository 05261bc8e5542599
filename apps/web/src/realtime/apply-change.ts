import { type ChangeEvent, changedEntity, type Role } from '@fieldplan/shared';
import type { AppDispatch } from '../app/store';
import { api } from '../base/api';
import { areasApi } from '../entities/area/endpoints';
import { calendarTags, putFeed } from '../entities/feed/endpoints';
import { applyJobChange, type JobChangeMessage } from '../entities/job/apply-job-change';
import { travelLegsTag } from '../entities/travel/endpoints';
import { refreshMyDay } from '../features/my-day/live';
import { applyArea, applyCustomer, applyMember, applyWorkspace } from './apply-entities';

/** Who is looking: what they may see decides a little of how changes land. */
export interface Viewer {
  userId: string;
  role: Role;
  /** The slug in the URL (a renamed slug moves the page). */
  slug: string | null;
}

function jobMessage(change: Extract<ChangeEvent, { entity: 'job' }>): JobChangeMessage {
  const job = changedEntity(change);
  if (!job) return { entity: 'job', action: 'deleted', data: { id: change.data.id } };
  return { entity: 'job', action: change.action === 'created' ? 'created' : 'updated', data: job };
}

/**
 * One change from the channel or the catch-up, into the RTK Query caches with no refetch: jobs
 * through the calendar's `applyJobChange` (every cached range, the queue, lists, the detail), the
 * rest through `updateQueryData` on the lists and details that hold them. A removal takes them out.
 */
export function applyChange(workspaceId: string, change: ChangeEvent, viewer: Viewer) {
  return (dispatch: AppDispatch) => {
    const { id } = change.data;
    const created = change.action === 'created';
    // A moved job, a technician's home base or the workspace's zone changes the drives between
    // visits: the server prices them again (the answer is kept per change-log seq there).
    if (change.entity === 'job' || change.entity === 'member' || change.entity === 'workspace') {
      dispatch(api.util.invalidateTags([travelLegsTag(workspaceId)]));
    }
    switch (change.entity) {
      case 'job': {
        const message = jobMessage(change);
        dispatch(applyJobChange(workspaceId, message));
        dispatch(refreshMyDay(workspaceId, id, message.action === 'deleted' ? null : message.data));
        return;
      }
      case 'member':
        dispatch(applyMember(workspaceId, { id, entity: changedEntity(change), created }, viewer));
        return;
      case 'workspace': {
        const workspace = changedEntity(change);
        if (workspace && workspace.id === workspaceId) dispatch(applyWorkspace(workspace, viewer.slug));
        return;
      }
      case 'customer':
        dispatch(applyCustomer(workspaceId, { id, entity: changedEntity(change), created }, viewer.role));
        return;
      case 'area':
        dispatch(applyArea(workspaceId, { id, entity: changedEntity(change), created }));
        return;
      case 'feed':
        // The list takes the feed as it is; its busy time (and the jobs it double-books) are the
        // server's to expand, so the calendar's busy source and job ranges fetch again.
        dispatch(putFeed(workspaceId, id, changedEntity(change)));
        dispatch(api.util.invalidateTags(calendarTags(workspaceId)));
        return;
    }
  };
}

/** Too much was missed to replay: every cached read of the workspace's data is fetched again. */
export function resyncAll() {
  return (dispatch: AppDispatch) => {
    dispatch(
      api.util.invalidateTags([
        'Me',
        'Workspace',
        'Member',
        'Customer',
        'Job',
        'CalendarEvents',
        'Feed',
        'Busy',
        'TravelLegs',
      ]),
    );
    dispatch(areasApi.util.invalidateTags(['Area']));
  };
}
