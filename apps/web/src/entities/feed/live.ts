import { changedEntity } from '@fieldplan/shared';
import { api } from '../../base/api';
import type { LiveDispatch, LiveEntry } from '../../base/live-registry';
import { calendarTags, putFeed } from './endpoints';

/**
 * The list takes the feed as it is; its busy time (and the jobs it double-books) are the server's to
 * expand, so the calendar's busy source and job ranges fetch again.
 */
export const feedLive: LiveEntry<'feed'> = {
  entity: 'feed',
  apply:
    (change, { workspaceId }) =>
    (dispatch: LiveDispatch) => {
      dispatch(putFeed(workspaceId, change.data.id, changedEntity(change)));
      dispatch(api.util.invalidateTags(calendarTags(workspaceId)));
    },
  resync: ['Feed', 'Busy'],
};
