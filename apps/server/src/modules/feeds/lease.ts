import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** This process's name on the leases it takes. */
export const processLeaseOwner = `${process.pid}-${randomUUID()}`;

/** Longer than a fetch can take (30 s total timeout) plus parsing and storing. */
export const leaseMs = 120_000;

/**
 * Takes the refresh lease of a feed: one conditional UPDATE, atomic on SQLite and PostgreSQL alike,
 * that succeeds only when nobody holds a live lease — and, for background refreshes (`dueOnly`),
 * only while the feed is still due, so a process that saw it due just before another refreshed it
 * does not fetch it again. True when this caller now holds it.
 */
export async function acquireLease(
  db: Kysely<Database>,
  feedId: string,
  owner: string,
  options: { dueOnly?: boolean; now?: number } = {},
) {
  const now = options.now ?? Date.now();
  let query = db
    .updateTable('feed_subscriptions')
    .set({ lease_owner: owner, lease_expires_at: now + leaseMs })
    .where('id', '=', feedId)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]));
  if (options.dueOnly) query = query.where('next_refresh_at', '<=', now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease back (only if this owner still holds it). */
export async function releaseLease(db: Kysely<Database>, feedId: string, owner: string): Promise<void> {
  await db
    .updateTable('feed_subscriptions')
    .set({ lease_owner: null, lease_expires_at: null })
    .where('id', '=', feedId)
    .where('lease_owner', '=', owner)
    .execute();
}
