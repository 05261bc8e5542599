import { type JobStatus, mayChangeStatus, type StatusTarget, statusChangeIssue } from '@fieldplan/shared';
import { AppError, fieldError, forbidden } from '../../errors/app-error.js';
import type { Actor } from '../../http/workspace-access.js';

// Who may change a job's status (docs/PRODUCT.md, "States and transitions" and "Roles and permissions"): owners and dispatchers any job along the whole
// state machine; technicians only jobs assigned to them, and only forward. The rule itself is the
// shared schedule model's (allowedNextStatuses offers exactly what these let through).

/** 403 when a technician touches a job (occurrence) that is not theirs. */
export function assertOwnJob(actor: Actor, assigneeIds: readonly string[]): void {
  if (!mayChangeStatus({ assigneeIds }, actor)) throw forbidden("change the status of someone else's job");
}

/**
 * 409 invalid_transition unless the actor may move the visit (or whole job) to `to`; 400 on
 * `occurrence` when a working state is asked of a whole series.
 */
export function assertTransition(actor: Actor, target: StatusTarget, to: JobStatus): void {
  const issue = statusChangeIssue(target, to, actor);
  if (!issue) return;
  if (issue.path) throw fieldError(issue.path.join('.'), issue.message);
  throw new AppError('invalid_transition', issue.message);
}
