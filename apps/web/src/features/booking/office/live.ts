import type { LiveDispatch, LiveEntry } from '../../../base/live-registry';
import type { RootState } from '../../../base/root-state';
import { bookingApi } from './endpoints';

/**
 * A booking request changed (docs/adr/0030): the change carries no customer details (every member
 * reads the workspace channel), so the badge takes its `pendingCount` at once and open lists read
 * themselves again.
 */
export const bookingRequestLive: LiveEntry<'booking_request'> = {
  entity: 'booking_request',
  apply:
    (change, { workspaceId }) =>
    (dispatch: LiveDispatch, getState: () => RootState) => {
      const pendingCount = 'pendingCount' in change.data ? change.data.pendingCount : null;
      for (const args of bookingApi.util.selectCachedArgsForQuery(getState(), 'bookingRequests')) {
        if (args.workspaceId !== workspaceId || pendingCount === null) continue;
        dispatch(
          bookingApi.util.updateQueryData('bookingRequests', args, (list) => {
            list.pendingCount = pendingCount;
          }),
        );
      }
      dispatch(bookingApi.util.invalidateTags([{ type: 'Booking', id: `requests-${workspaceId}` }]));
    },
  resync: ['Booking'],
};
