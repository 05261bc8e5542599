import { can } from '@fieldplan/shared';
import { forbidden } from '../../errors/app-error.js';
import type { Actor } from '../../http/workspace-access.js';

// Who may do what with iCal links (docs/PRODUCT.md, "Roles and permissions"): dispatchers and owners manage every link;
// a technician makes and revokes links to their own jobs only (their phone's calendar); viewers none.

/** True when the actor sees and manages every link of the workspace. */
export const managesAllTokens = (actor: Actor) => can(actor.role, 'schedule.write');

/** 403 unless the actor may hold links at all. */
export function authorizeTokens(actor: Actor, action: string): void {
  if (!managesAllTokens(actor) && actor.role !== 'technician') throw forbidden(action);
}

/** 403 unless the actor may make a link for `memberId` (null = the whole workspace). */
export function authorizeTokenFor(actor: Actor, memberId: string | null): void {
  authorizeTokens(actor, 'create iCal links');
  if (!managesAllTokens(actor) && memberId !== actor.memberId) {
    throw forbidden("create iCal links for anything but one's own jobs");
  }
}
