import type { Transaction } from 'kysely';
import { lockChangeLog, recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import type { Actor } from '../../http/workspace-access.js';
import { draftOf, exceptionDraftOf, type JobSaved, type LoadedJob, loadJob, saveJob } from '../jobs/index.js';
import { enqueueJobNotification } from '../notifications/index.js';
import { workspaceZone } from '../workspaces/index.js';
import type { RequestRow } from './presenter.js';
import { findRequest } from './queries.js';

/** The change log's name for a request (the live entity, docs/adr/0020). */
export const requestEntity = 'booking_request';

/**
 * The public page or the hold sweep as a writer: no signed-in user, so the change log and the job's
 * `created_by` record none (both columns are nullable for exactly this). Only `workspaceId` and
 * `userId` of an actor are read by the writes it is passed to.
 */
export function pageActor(workspaceId: string): Actor {
  // `null` where a user id would be: the writes store it as "no user" (see above).
  return { userId: null as unknown as string, memberId: '', workspaceId, role: 'viewer' };
}

export type Outcome = 'confirmed' | 'declined' | 'expired';

export interface Decision {
  outcome: Outcome;
  /** Membership id of who decided; null for expiry. */
  decidedBy: string | null;
  reason?: string | undefined;
  now: number;
  /**
   * The request's job as it was just before its deletion in this transaction: nothing is left to
   * save, but the customer's message is still written from it (see `closeRequestOfDeletedJob`).
   */
  deletedJob?: LoadedJob;
}

/**
 * Settles a pending request at the version read, in the caller's transaction: one conditional UPDATE
 * (`status = 'pending' AND version = …`), so of two processes or people deciding at once exactly one
 * does — false for the other. The winner updates the job (cancelled unless confirmed; its booking
 * status either way), records the change and queues the customer's email (docs/adr/0030). A job
 * deleted before this transaction gets no save and no email: the customer is told when it is deleted.
 */
export async function settleRequest(
  trx: Transaction<Database>,
  actor: Actor,
  row: RequestRow,
  decision: Decision,
): Promise<boolean> {
  const { outcome, now } = decision;
  // The workspace's change-log row first, as a booking takes it first: one lock order, no deadlock
  // between a booking expiring this request and a dispatcher deciding it (docs/adr/0030).
  await lockChangeLog(trx, row.workspace_id);
  const result = await trx
    .updateTable('booking_requests')
    .set({
      status: outcome,
      decided_at: now,
      decided_by: decision.decidedBy,
      decline_reason: outcome === 'confirmed' ? null : (decision.reason ?? null),
      hold_expires_at: null,
      version: Number(row.version) + 1,
    })
    .where('id', '=', row.id)
    .where('workspace_id', '=', row.workspace_id)
    .where('status', '=', 'pending')
    .where('version', '=', Number(row.version))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  const job = row.job_id === null ? undefined : await loadJob(trx, row.workspace_id, row.job_id);
  if (job && job.row.deleted_at === null) {
    const draft = draftOf(job);
    const freeSlot = outcome !== 'confirmed' && draft.status !== 'completed' && draft.status !== 'cancelled';
    await saveJob(trx, actor, await workspaceZone(trx, row.workspace_id), {
      id: job.row.id,
      draft: freeSlot ? { ...draft, status: 'cancelled' } : draft,
      expected: Number(job.row.version),
      exceptions: job.exceptions.map(exceptionDraftOf),
      exceptionsChanged: false,
      assigneesChanged: false,
      booking: { id: row.id, status: outcome },
    });
  }
  const told = job && job.row.deleted_at === null ? job : decision.deletedJob;
  if (told) {
    await enqueueJobNotification(trx, {
      workspaceId: row.workspace_id,
      jobId: told.row.id,
      job: told,
      kind: outcome === 'confirmed' ? 'booking_confirmed' : 'booking_declined',
      eventKey: `request:${row.id}:${outcome === 'confirmed' ? 'confirmed' : 'declined'}`,
      now,
    });
  }
  await recordChange(trx, {
    workspaceId: row.workspace_id,
    entity: requestEntity,
    entityId: row.id,
    action: 'updated',
    actorId: actor.userId,
  });
  return true;
}

/** The office's note on a request declined because its job was deleted (shown in the Requests list, not to the customer). */
export const deletedJobReason = 'The job was deleted before the request was decided';

/**
 * The job-save observer that closes a pending request when its job is deleted (docs/adr/0030): the
 * request is declined in the deleting transaction, its change published, and the customer gets the
 * "declined" message — it was told "we received your request" and would otherwise wait for an answer
 * that never comes. The deleter is recorded as nobody (observers are not told who wrote).
 */
export async function closeRequestOfDeletedJob(trx: Transaction<Database>, saved: JobSaved): Promise<void> {
  const job = saved.before;
  if (saved.after !== null || !job || job.row.booking_request_id === null || job.row.booking_status !== 'pending') {
    return;
  }
  const row = await findRequest(trx, saved.workspaceId, job.row.booking_request_id);
  if (row?.status !== 'pending') return;
  await settleRequest(trx, pageActor(saved.workspaceId), row, {
    outcome: 'declined',
    decidedBy: null,
    reason: deletedJobReason,
    now: Date.now(),
    deletedJob: job,
  });
}
