import type { BookingRequest, BookingRequestList } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../http/app-error.js';
import { versionConflict } from '../../http/versioning.js';
import type { Actor } from '../../http/workspace-access.js';
import { settleRequest } from './decide.js';
import { expireHolds } from './expiry.js';
import { presentRequest } from './presenter.js';
import { countPending, findRequest } from './queries.js';

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
  let q = db.selectFrom('booking_requests').selectAll().where('workspace_id', '=', actor.workspaceId);
  q =
    status === 'pending'
      ? q.where('status', '=', 'pending').orderBy('created_at').orderBy('id')
      : q.orderBy('created_at', 'desc').orderBy('id').limit(allMax);
  const [rows, pendingCount] = await Promise.all([q.execute(), countPending(db, actor.workspaceId)]);
  return { items: rows.map(presentRequest), pendingCount };
}

/**
 * Confirms or declines a pending request written against `version` (If-Match): 404 in another
 * workspace, 412 when stale, 409 when it is no longer pending (decided, or its hold ran out).
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
      throw new AppError('invalid_transition', `This request is already ${row.status}`);
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
