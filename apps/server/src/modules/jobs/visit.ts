import { can } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError, forbidden, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { workspaceZone } from '../workspaces/index.js';
import { formatTime, parseAssigneeIds } from './presenter.js';
import { loadJob } from './queries.js';
import { occurrenceKeyOf } from './timeshift.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  onlyRecurring: { id: 'problems.jobs.onlyRecurringOccurrences' },
  occurrenceRequired: { id: 'problems.jobs.occurrenceRequired' },
  occurrenceDeleted: { id: 'problems.jobs.occurrenceDeleted' },
});

/**
 * One visit of a job, as the work record (notes, checklists, signature, photos) addresses it:
 * a one-off job, or one occurrence of a recurring job (docs/PRODUCT.md, "Work record").
 */
export interface Visit {
  jobId: string;
  /** The occurrence's original start in ms; 0 for a one-off job (never null, so unique indexes hold). */
  occurrenceKey: number;
  /** The occurrence as JSON shows it: an ISO instant, a date for an all-day job; null for a one-off job. */
  occurrence: string | null;
  /** Who the visit is assigned to now (membership ids; an occurrence's own assignees if it has them). */
  assigneeIds: string[];
}

/** The `occurrence` JSON value of a stored key (date-only for an all-day job). */
export function occurrenceOfKey(key: number, allDay: boolean): string | null {
  return key === 0 ? null : formatTime(key, allDay);
}

/**
 * The visit a work-record request names: 404 when the job is not the workspace's, 400 on
 * `occurrence` when it is missing for a recurring job, given for a one-off one, not an occurrence,
 * or an occurrence that was deleted.
 */
export async function resolveVisit(
  db: Kysely<Database>,
  workspaceId: string,
  jobId: string,
  occurrence: string | undefined,
): Promise<Visit> {
  const job = await loadJob(db, workspaceId, jobId);
  if (!job) throw notFound('Job');
  if (!job.row.rrule) {
    if (occurrence !== undefined) throw fieldError('occurrence', text(refusals.onlyRecurring));
    return { jobId, occurrenceKey: 0, occurrence: null, assigneeIds: job.assigneeIds };
  }
  if (occurrence === undefined) {
    throw fieldError('occurrence', text(refusals.occurrenceRequired));
  }
  const zone = await workspaceZone(db, workspaceId);
  const key = occurrenceKeyOf(occurrence, job, zone);
  const exception = job.exceptions.find((e) => Number(e.occurrence_key) === key);
  if (exception?.kind === 'cancelled') throw fieldError('occurrence', text(refusals.occurrenceDeleted));
  const own = exception ? parseAssigneeIds(exception.assignee_ids) : null;
  return {
    jobId,
    occurrenceKey: key,
    occurrence: occurrenceOfKey(key, Number(job.row.all_day) === 1),
    assigneeIds: own ?? job.assigneeIds,
  };
}

/**
 * 403 unless the actor may write the visit's record: the office any visit (`record.write.any`),
 * a technician only a visit assigned to them (`record.write.own`). `action` completes
 * "You don't have permission to …".
 */
export function assertVisitWriter(actor: Actor, visit: Pick<Visit, 'assigneeIds'>, action: string): void {
  if (can(actor.role, 'record.write.any')) return;
  if (can(actor.role, 'record.write.own') && visit.assigneeIds.includes(actor.memberId)) return;
  throw forbidden(action);
}
