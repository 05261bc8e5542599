import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { LocationRow } from './presenter.js';

/**
 * Makes `row` the member's latest position unless their previous one arrived less than `intervalMs`
 * ago; the condition sits in the upsert, so it holds across processes and concurrent requests.
 * Returns false when the ping was too soon.
 */
export async function upsertLatest(trx: Transaction<Database>, row: LocationRow, intervalMs: number): Promise<boolean> {
  const { workspace_id, member_id, ...fields } = row;
  const result = await trx
    .insertInto('location_latest')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['workspace_id', 'member_id'])
        .doUpdateSet(fields)
        .where('location_latest.received_at', '<=', row.received_at - intervalMs),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export function insertPing(trx: Transaction<Database>, row: LocationRow) {
  return trx.insertInto('location_pings').values(row).execute();
}

export async function lastReceivedAt(db: Kysely<Database>, workspaceId: string, memberId: string) {
  const row = await db
    .selectFrom('location_latest')
    .select('received_at')
    .where('workspace_id', '=', workspaceId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row ? Number(row.received_at) : null;
}

/** Latest positions of the members among `memberIds` received since `since`, by member id. */
export function latestLocations(
  db: Kysely<Database>,
  workspaceId: string,
  since: number,
  memberIds: readonly string[],
): Promise<LocationRow[]> {
  if (memberIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('location_latest')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('member_id', 'in', memberIds)
    .where('received_at', '>=', since)
    .orderBy('member_id')
    .execute();
}

/** Deletes history (and latest positions) received before `before`. */
export async function pruneBefore(db: Kysely<Database>, before: number): Promise<number> {
  const pings = await db.deleteFrom('location_pings').where('received_at', '<', before).executeTakeFirst();
  await db.deleteFrom('location_latest').where('received_at', '<', before).execute();
  return Number(pings.numDeletedRows);
}

/** The technician's latest position, if received since `since`. */
export function latestPosition(db: Kysely<Database>, workspaceId: string, memberId: string, since: number) {
  return db
    .selectFrom('location_latest')
    .select(['lat', 'lng', 'at'])
    .where('workspace_id', '=', workspaceId)
    .where('member_id', '=', memberId)
    .where('received_at', '>=', since)
    .executeTakeFirst();
}
