import type { Deps } from '../../deps.js';
import type { VisitStatusHookMaker } from '../jobs/index.js';
import type { MemberMovedHook } from '../locations/index.js';
import { trackingContext } from './context.js';
import { noteMemberMoved } from './publish.js';
import { onVisitStatus } from './service.js';

// What tracking is told by the modules below it; app.ts hands these to jobs and locations.

/** Going en route opens the customer's tracking link in the status change's transaction; finishing ends it. */
export function visitStatusTracking(deps: Deps): VisitStatusHookMaker {
  return async () => {
    const tracking = await trackingContext(deps);
    return (trx, actor, change) => onVisitStatus(trx, tracking, actor, change);
  };
}

/** The technician's open tracking links show the move (coarsened) after the ping's request. */
export function memberMoveTracking(deps: Deps): MemberMovedHook {
  return async (workspaceId, memberId) => {
    noteMemberMoved(workspaceId, memberId, (await trackingContext(deps)).travel);
  };
}
