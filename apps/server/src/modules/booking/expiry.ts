import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { pageActor, settleRequest } from './decide.js';
import type { RequestRow } from './presenter.js';

/** Requests expired by one sweep at most; the next sweep takes the rest. */
const batch = 100;

function overdue(db: Kysely<Database>, now: number, workspaceId?: string) {
  let q = db
    .selectFrom('booking_requests')
    .selectAll()
    .where('status', '=', 'pending')
    .where('hold_expires_at', '<=', now);
  if (workspaceId !== undefined) q = q.where('workspace_id', '=', workspaceId);
  return q.orderBy('hold_expires_at').limit(batch);
}

/** True when a pending request of the workspace has a hold that has run out (its job still looks booked). */
export async function anyOverdue(db: Kysely<Database>, workspaceId: string, now: number): Promise<boolean> {
  return (await overdue(db, now, workspaceId).limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Expires every pending request whose hold has run out (all workspaces, or one): each in its own
 * transaction, claimed by the conditional UPDATE of `settleRequest` — so several server processes
 * sweeping at once, or a sweep racing a dispatcher's confirm, settle each request exactly once.
 * Returns how many this call expired.
 */
export async function expireHolds(db: Kysely<Database>, now = Date.now(), workspaceId?: string): Promise<number> {
  const rows = await overdue(db, now, workspaceId).execute();
  let expired = 0;
  for (const row of rows) {
    const won = await db
      .transaction()
      .execute((trx) =>
        settleRequest(trx, pageActor(row.workspace_id), row, { outcome: 'expired', decidedBy: null, now }),
      );
    if (won) expired += 1;
  }
  return expired;
}

/** The same inside a transaction the caller holds (a booking frees overdue holds before it checks its slot). */
export async function expireHoldsIn(
  trx: Parameters<typeof settleRequest>[0],
  workspaceId: string,
  now: number,
): Promise<RequestRow[]> {
  const rows = await overdue(trx, now, workspaceId).execute();
  const expired: RequestRow[] = [];
  for (const row of rows) {
    if (await settleRequest(trx, pageActor(workspaceId), row, { outcome: 'expired', decidedBy: null, now })) {
      expired.push(row);
    }
  }
  return expired;
}
