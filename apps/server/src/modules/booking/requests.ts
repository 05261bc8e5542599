import type { BookingRequest, BookingRequestList } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { versionConflict } from '../../errors/version-conflict.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { findJobRow } from '../jobs/index.js';
import { recentCapHit } from './caps.js';
import { settleRequest } from './decide.js';
import { expireHolds } from './expiry.js';
import { presentRequest } from './presenter.js';
import { countPending, findRequest } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  already: { id: 'problems.booking.requestAlready' },
  jobGone: { id: 'problems.booking.requestJobGone' },
});

/** How many requests `?status=all` answers (newest first). */
const allMax = 200;

/** The Requests list: pending ones oldest first (a hold run out is expired first), or all newest first. */
export async function listRequests(
  db: Kysely<Database>,
  actor: Actor,
  status: 'pending' | 'all',
  now = Date.now(),
): Promise<BookingRequestList> {
  await expireHolds(db, now, actor.workspaceId);
  // The time is the job's when it has one: the office may move a pending request's job before
  // deciding, and the list must show when the visit now is (the request keeps what was asked for).
  let q = db
    .selectFrom('booking_requests as r')
    .leftJoin('jobs as j', (join) =>
      join.onRef('j.id', '=', 'r.job_id').onRef('j.workspace_id', '=', 'r.workspace_id').on('j.deleted_at', 'is', null),
    )
    .selectAll('r')
    .select(['j.id as job_live', 'j.start_at as job_start', 'j.end_at as job_end'])
    .where('r.workspace_id', '=', actor.workspaceId);
  q =
    status === 'pending'
      ? q.where('r.status', '=', 'pending').orderBy('r.created_at').orderBy('r.id')
      : q.orderBy('r.created_at', 'desc').orderBy('r.id').limit(allMax);
  const [rows, pendingCount] = await Promise.all([q.execute(), countPending(db, actor.workspaceId)]);
  // A job since deleted is no job: `jobId` null tells the office there is nothing left to confirm.
  const items = rows.map(({ job_start, job_end, job_live, ...row }) =>
    presentRequest(
      job_live === null
        ? { ...row, job_id: null }
        : job_start === null || job_end === null
          ? row
          : { ...row, start_at: job_start, end_at: job_end },
    ),
  );
  return { items, pendingCount, capHit: await recentCapHit(db, actor.workspaceId, now) };
}

/**
 * Confirms or declines a pending request written against `version` (If-Match): 404 in another
 * workspace, 412 when stale, 409 when it is no longer pending (decided, or its hold ran out), 410 when
 * its job is gone.
 */
export async function decideRequest(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  decision: { outcome: 'confirmed' | 'declined'; reason?: string | undefined },
  now = Date.now(),
): Promise<BookingRequest> {
  await expireHolds(db, now, actor.workspaceId);
  await db.transaction().execute(async (trx) => {
    const row = await findRequest(trx, actor.workspaceId, id);
    if (!row) throw notFound('Booking request');
    if (Number(row.version) !== version) {
      throw versionConflict('booking request', Number(row.version), presentRequest(row));
    }
    if (row.status !== 'pending') {
      throw new AppError('invalid_transition', text(refusals.already, { status: row.status }));
    }
    // Deleting a job declines its request in the same transaction; this catches a request whose job
    // went before that rule (it expires with its hold): there is no visit left to confirm or cancel.
    if (row.job_id === null || !(await findJobRow(trx, actor.workspaceId, row.job_id))) {
      throw new AppError('gone', text(refusals.jobGone));
    }
    const won = await settleRequest(trx, actor, row, { ...decision, decidedBy: actor.memberId, now });
    // Another writer settled it between the read and the write: say what it is now.
    if (!won) {
      const current = await findRequest(trx, actor.workspaceId, id);
      throw versionConflict('booking request', Number(current?.version ?? version), current && presentRequest(current));
    }
  });
  const row = await findRequest(db, actor.workspaceId, id);
  if (!row) throw notFound('Booking request');
  return presentRequest(row);
}
