import { can, type MemberPatch, type Role, roles } from '@fieldplan/shared';
import type { Kysely, Transaction } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { fieldError, forbidden, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { lockWorkspace } from '../workspaces/index.js';
import { presentMember } from './presenter.js';
import { countActiveOwners, findActiveMembership, findMember, listMembers, updateMembership } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  lastOwner: { id: 'problems.members.lastOwner' },
});

/**
 * Told inside the transaction after a member's row changed: the iCal links this member shows or made
 * may have died with the change (feeds end them; app.ts wires it, so members know no feeds).
 */
export type MemberChangedHook = (trx: Transaction<Database>, workspaceId: string) => Promise<void>;

/** `roles` runs from owner down to viewer: a higher index is a lower role. */
const lowered = (before: string, after: string) => roles.indexOf(after as Role) > roles.indexOf(before as Role);

/** The team as the actor may see it: emails only for roles allowed to see them. */
export async function getMembers(db: Kysely<Database>, actor: Actor) {
  const showEmail = can(actor.role, 'members.emails');
  return (await listMembers(db, actor.workspaceId)).map((row) => presentMember(row, showEmail));
}

/**
 * Changes a member's role, colour, home base or active flag. The workspace always keeps one
 * active owner. Returns the member, whose sessions must end (deactivation) and whose realtime
 * connections must be cut (deactivation or a lowered role).
 */
export async function updateMember(
  db: Kysely<Database>,
  actor: Actor,
  memberId: string,
  patch: MemberPatch,
  onChanged?: MemberChangedHook,
) {
  return db.transaction().execute(async (trx) => {
    // Two owners demoting each other at once must not both pass the owner count below: the
    // workspace lock queues them, and the second re-reads everything after the first commits.
    await lockWorkspace(trx, actor.workspaceId);
    const self = await findActiveMembership(trx, actor.workspaceId, actor.userId);
    if (!self || !can(self.role as Role, 'members.manage')) throw forbidden('change team members');
    const current = await findMember(trx, actor.workspaceId, memberId);
    if (!current) throw notFound('Member');
    const losesOwner =
      current.role === 'owner' &&
      current.deactivated_at === null &&
      ((patch.role !== undefined && patch.role !== 'owner') || patch.active === false);
    if (losesOwner && (await countActiveOwners(trx, actor.workspaceId)) <= 1) {
      throw fieldError(patch.active === false ? 'active' : 'role', text(refusals.lastOwner));
    }
    const deactivate = patch.active === false && current.deactivated_at === null;
    const changes = {
      ...(patch.role !== undefined && { role: patch.role }),
      ...(patch.colour !== undefined && { colour: patch.colour.toUpperCase() }),
      ...(patch.homeBase !== undefined && {
        home_lat: patch.homeBase?.lat ?? null,
        home_lng: patch.homeBase?.lng ?? null,
      }),
      ...(patch.active !== undefined && {
        deactivated_at: patch.active ? null : (current.deactivated_at ?? Date.now()),
      }),
    };
    if (Object.keys(changes).length > 0) {
      await updateMembership(trx, memberId, changes);
      await recordChange(trx, {
        workspaceId: actor.workspaceId,
        entity: 'member',
        entityId: memberId,
        action: 'updated',
        actorId: actor.userId,
      });
      await onChanged?.(trx, actor.workspaceId);
    }
    const updated = await findMember(trx, actor.workspaceId, memberId);
    if (!updated) throw notFound('Member');
    // Only owners get here, and they see emails.
    const cut = deactivate || lowered(current.role, updated.role);
    return {
      member: presentMember(updated, true),
      endSessionsOf: deactivate ? current.user_id : null,
      cutConnectionsOf: cut ? current.user_id : null,
    };
  });
}
