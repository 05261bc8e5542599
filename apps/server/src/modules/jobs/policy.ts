import { can, type JobStatus, statusTransitionIssue } from '@fieldplan/shared';
import { AppError, forbidden } from '../../http/app-error.js';
import type { Actor } from '../../http/workspace-access.js';

// Who may change a job's status (docs/PRODUCT.md, "States and transitions" and "Roles and permissions"): owners and dispatchers any job along the whole
// state machine; technicians only jobs assigned to them, and only forward.

export function mayChangeAnyStatus(actor: Actor): boolean {
  return can(actor.role, 'job.status.any');
}

/** 403 when a technician touches a job (occurrence) that is not theirs. */
export function assertOwnJob(actor: Actor, assigneeIds: readonly string[]): void {
  if (!mayChangeAnyStatus(actor) && !assigneeIds.includes(actor.memberId)) {
    throw forbidden("change the status of someone else's job");
  }
}

/** 409 invalid_transition unless `from → to` is allowed for this actor. */
export function assertTransition(actor: Actor, from: JobStatus, to: JobStatus, ready: boolean): void {
  const issue = statusTransitionIssue(from, to, mayChangeAnyStatus(actor), ready);
  if (issue) throw new AppError('invalid_transition', issue);
}
