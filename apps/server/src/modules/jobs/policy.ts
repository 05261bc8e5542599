import { type JobStatus, mayChangeStatus, type StatusTarget, statusChangeIssue } from '@fieldplan/shared';
import type { IntlShape } from '@formatjs/intl';
import { AppError, fieldError, forbidden } from '../../errors/app-error.js';
import { type LocalText, text, withEnglish } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';

// A refused status change in the caller's language (docs/PRODUCT.md, "States and transitions"); its English is the shared rule's.
const transitions = defineMessages({
  chooseOccurrence: { id: 'problems.transition.chooseOccurrence' },
  already: { id: 'problems.transition.already' },
  notReady: { id: 'problems.transition.notReady' },
  reopen: { id: 'problems.transition.reopen' },
  schedule: { id: 'problems.transition.schedule' },
  cancel: { id: 'problems.transition.cancel' },
  back: { id: 'problems.transition.back' },
  move: { id: 'problems.transition.move' },
});

/** A status as the refusals name it. */
const statusNames: Record<JobStatus, { id: string }> = defineMessages({
  unscheduled: { id: 'problems.jobStatus.unscheduled' },
  scheduled: { id: 'problems.jobStatus.scheduled' },
  en_route: { id: 'problems.jobStatus.enRoute' },
  in_progress: { id: 'problems.jobStatus.inProgress' },
  completed: { id: 'problems.jobStatus.completed' },
  cancelled: { id: 'problems.jobStatus.cancelled' },
});

/** The refusals that name no status, by their English. */
const fixedTransitions: Record<string, { id: string }> = {
  'Choose the occurrence whose status changes': transitions.chooseOccurrence,
  'A job needs a time and at least one technician first': transitions.notReady,
  'Only a dispatcher can reopen a job': transitions.reopen,
  'Only a dispatcher can schedule a job': transitions.schedule,
  'Only a dispatcher can cancel a job': transitions.cancel,
};

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
  const local = withEnglish(issue.message, transitionText(target.status, to, issue.message));
  if (issue.path) throw fieldError(issue.path.join('.'), local, issue.message);
  throw new AppError('invalid_transition', issue.message, {}, local);
}

/** The shared rule's refusal (one of a few sentences) in another language, told apart by its English. */
function transitionText(from: JobStatus, to: JobStatus, english: string): LocalText {
  const name = (status: JobStatus) => (intl: IntlShape) => intl.formatMessage(statusNames[status]);
  if (Object.hasOwn(fixedTransitions, english)) return text(fixedTransitions[english] as { id: string });
  if (english.startsWith('The job is already'))
    return (intl) => intl.formatMessage(transitions.already, { status: name(to)(intl) });
  const which = english.includes("can't go back") ? transitions.back : transitions.move;
  return (intl) => intl.formatMessage(which, { from: name(from)(intl), to: name(to)(intl) });
}
