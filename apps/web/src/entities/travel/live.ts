import type { ChangeEntity } from '@fieldplan/shared';
import { api } from '../../base/api';
import type { LiveDispatch, LiveEntry } from '../../base/live-registry';
import { travelLegsTag } from './endpoints';

/**
 * A moved job, a technician's home base or the workspace's zone changes the drives between visits:
 * the server prices them again (the answer is kept per change-log seq there).
 */
function drivesAfter<E extends ChangeEntity>(entity: E): LiveEntry<E> {
  return {
    entity,
    apply:
      (_change, { workspaceId }) =>
      (dispatch: LiveDispatch) =>
        dispatch(api.util.invalidateTags([travelLegsTag(workspaceId)])),
    resync: ['TravelLegs'],
  };
}

export const travelLive = [drivesAfter('job'), drivesAfter('member'), drivesAfter('workspace')] as const;
