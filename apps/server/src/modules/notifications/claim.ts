import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { NotificationRow } from './compose.js';
import { delivery } from './defaults.js';

/** This process's name on the rows it claims. */
export const workerName = `${process.pid}-${randomUUID()}`;

/**
 * Claims up to `limit` due rows for `owner` in one UPDATE … RETURNING: pending ones whose time has
 * come, and ones whose sender's lease ran out (it crashed mid-send). PostgreSQL picks the rows with
 * FOR UPDATE SKIP LOCKED, so concurrent workers take disjoint rows without waiting; SQLite has one
 * writer at a time, so the statement is already exclusive there. Each claim counts as an attempt.
 */
export async function claimDue(db: Db, owner: string, now: number, limit: number): Promise<NotificationRow[]> {
  let due = db.kysely
    .selectFrom('notifications')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('due_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_expires_at', '<', now)]),
      ]),
    )
    .orderBy('due_at')
    .limit(limit);
  if (db.dialect === 'postgres') due = due.forUpdate().skipLocked();
  const rows = await db.kysely
    .updateTable('notifications')
    .set((eb) => ({
      status: 'sending',
      lease_owner: owner,
      lease_expires_at: now + delivery.leaseMs,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', 'in', due)
    .returningAll()
    .execute();
  return rows.sort((a, b) => Number(a.due_at) - Number(b.due_at));
}

/** Ends a claimed row's attempt — only while this owner still holds it. */
export async function settle(
  db: Db,
  row: NotificationRow,
  owner: string,
  outcome:
    | { status: 'sent'; providerId: string; at: number }
    | { status: 'skipped' | 'cancelled'; reason: string }
    | { status: 'failed'; reason: string; at: number; permanent?: boolean },
): Promise<void> {
  let values: Partial<NotificationRow>;
  if (outcome.status === 'sent') {
    values = { status: 'sent', sent_at: outcome.at, provider_id: outcome.providerId, reason: null };
  } else if (outcome.status === 'failed') {
    const attempts = Number(row.attempts);
    const dead = outcome.permanent === true || attempts >= delivery.maxAttempts;
    const wait = Math.min(delivery.firstRetryMs * 2 ** (attempts - 1), delivery.maxRetryMs);
    values = dead
      ? { status: 'dead', reason: outcome.reason }
      : { status: 'pending', reason: outcome.reason, due_at: outcome.at + wait };
  } else {
    values = { status: outcome.status, reason: outcome.reason };
  }
  await db.kysely
    .updateTable('notifications')
    .set({ ...values, lease_owner: null, lease_expires_at: null })
    .where('id', '=', row.id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'sending')
    .execute();
}
