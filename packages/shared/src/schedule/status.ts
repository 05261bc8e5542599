import { can } from '../permissions.js';
import type { Role } from '../roles.js';
import { type JobStatus, jobStatuses, statusTransitionIssue } from '../schemas/jobs.js';

/** What a status change is asked of: a visit, or a job as a whole. */
export interface StatusTarget {
  status: JobStatus;
  /** The visit's (job's) start; null when the job has no time yet. */
  start: number | string | null;
  assigneeIds: readonly string[];
  /** A recurring job addressed as a whole, no occurrence chosen: working states belong to one visit. */
  wholeSeries?: boolean;
}

/** Who asks: their role and membership id. */
export interface StatusActor {
  role: Role;
  memberId: string;
}

/** The states a visit works through: on a recurring job they are set per occurrence. */
export const perOccurrenceStatuses: readonly JobStatus[] = ['en_route', 'in_progress', 'completed'];

/** A refused status change; `path` names the request field at fault (`['occurrence']`), if any. */
export interface StatusIssue {
  path: readonly string[] | null;
  message: string;
}

/** Whether the actor may change this visit's status at all: any job's, or one of their own. */
export function mayChangeStatus(target: Pick<StatusTarget, 'assigneeIds'>, actor: StatusActor): boolean {
  if (can(actor.role, 'job.status.any')) return true;
  return can(actor.role, 'job.status.own') && target.assigneeIds.includes(actor.memberId);
}

/**
 * Why the actor may not move the target to `to` (docs/PRODUCT.md, "States and transitions"), or null
 * when they may. Whose job it is is `mayChangeStatus`'s question, asked first.
 */
export function statusChangeIssue(target: StatusTarget, to: JobStatus, actor: StatusActor): StatusIssue | null {
  if (target.wholeSeries && perOccurrenceStatuses.includes(to)) {
    return { path: ['occurrence'], message: 'Choose the occurrence whose status changes' };
  }
  const ready = target.start !== null && target.assigneeIds.length > 0;
  const issue = statusTransitionIssue(target.status, to, can(actor.role, 'job.status.any'), ready);
  return issue === null ? null : { path: null, message: issue };
}

const actionLabel: Record<JobStatus, string> = {
  unscheduled: 'Unschedule',
  scheduled: 'Schedule',
  en_route: 'On my way',
  in_progress: 'Start work',
  completed: 'Complete',
  cancelled: 'Cancel job',
};

/** The button that moves a visit from `from` to `to`. */
export function statusActionLabel(from: JobStatus, to: JobStatus): string {
  if (to === 'scheduled' && (from === 'completed' || from === 'cancelled')) return 'Reopen';
  return actionLabel[to];
}

/** A status the actor may move the target to, with its button's label. */
export interface StatusAction {
  status: JobStatus;
  label: string;
}

/**
 * The statuses the actor may move the target to next, in the state machine's order (the first is
 * the usual next step), with one set of labels for every screen. Empty when it isn't theirs to change.
 */
export function allowedNextStatuses(target: StatusTarget, actor: StatusActor): StatusAction[] {
  if (!mayChangeStatus(target, actor)) return [];
  const out: StatusAction[] = [];
  for (const to of jobStatuses) {
    if (statusChangeIssue(target, to, actor) === null)
      out.push({ status: to, label: statusActionLabel(target.status, to) });
  }
  return out;
}
