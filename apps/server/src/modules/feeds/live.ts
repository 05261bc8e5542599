import { can } from '@fieldplan/shared';
import type { LiveEntity } from '../../realtime/live-entity.js';
import { type FeedRow, presentFeed } from './presenter.js';
import { findFeed } from './queries.js';

/** A feed's changes: its full URL only to a `/changes` caller who may edit the schedule. */
export const feedLive: LiveEntity<'feed', FeedRow> = {
  load: ({ db, workspaceId }, id) => findFeed(db, workspaceId, id),
  present: (row, { audience }) =>
    presentFeed(row, audience.kind === 'actor' && can(audience.actor.role, 'schedule.write')),
};
