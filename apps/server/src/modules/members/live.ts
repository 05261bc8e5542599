import { can } from '@fieldplan/shared';
import type { LiveEntity } from '../../realtime/live-entity.js';
import { type MemberRow, presentMember } from './presenter.js';
import { findMember } from './queries.js';

/** A member's changes: every member reads the channel, so emails go only to a `/changes` caller who may see them. */
export const memberLive: LiveEntity<'member', MemberRow> = {
  load: ({ db, workspaceId }, id) => findMember(db, workspaceId, id),
  present: (row, { audience }) =>
    presentMember(row, audience.kind === 'actor' && can(audience.actor.role, 'members.emails')),
};
