import { memberPalette } from '@fieldplan/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createWorkspace, type NewWorkspace, type WorkspaceDefaults } from '../workspaces/index.js';
import { insertMembership } from './queries.js';

/**
 * A new workspace with its owner's membership (sign-up, a restore, the demo seed), inside the caller's
 * transaction: memberships are made here and by invitations, through this module, never by workspaces.
 */
export async function createWorkspaceWithOwner(
  trx: Transaction<Database>,
  input: NewWorkspace & { ownerUserId: string },
  defaults: WorkspaceDefaults = {},
) {
  const { ownerUserId, ...workspace } = input;
  const { id, slug, createdAt } = await createWorkspace(trx, workspace, defaults);
  const memberId = newId();
  await insertMembership(trx, {
    id: memberId,
    workspace_id: id,
    user_id: ownerUserId,
    role: 'owner',
    colour: memberPalette[0],
    home_lat: null,
    home_lng: null,
    deactivated_at: null,
    created_at: createdAt,
  });
  return { id, slug, memberId };
}
