import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TrackingLinksTable } from '../../db/schema.js';

export type LinkRow = Selectable<TrackingLinksTable>;

/** A link that was neither ended nor revoked (its visit's expiry is checked by the caller). */
export function openLinksOfVisit(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
  jobId: string,
  occurrenceKey: number | null,
): Promise<LinkRow[]> {
  let query = db
    .selectFrom('tracking_links')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('job_id', '=', jobId)
    .where('ended_at', 'is', null)
    .where('revoked_at', 'is', null);
  query =
    occurrenceKey === null
      ? query.where('occurrence_key', 'is', null)
      : query.where('occurrence_key', '=', occurrenceKey);
  return query.orderBy('created_at').execute();
}

export function openLinksOfJob(db: Kysely<Database>, workspaceId: string, jobId: string): Promise<LinkRow[]> {
  return db
    .selectFrom('tracking_links')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('job_id', '=', jobId)
    .where('ended_at', 'is', null)
    .where('revoked_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export function openLinksOfMember(db: Kysely<Database>, workspaceId: string, memberId: string): Promise<LinkRow[]> {
  return db
    .selectFrom('tracking_links')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('member_id', '=', memberId)
    .where('ended_at', 'is', null)
    .where('revoked_at', 'is', null)
    .execute();
}

export function linkById(db: Kysely<Database>, workspaceId: string, id: string): Promise<LinkRow | undefined> {
  return db
    .selectFrom('tracking_links')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function linkByIds(db: Kysely<Database>, ids: readonly string[]): Promise<LinkRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('tracking_links').selectAll().where('id', 'in', ids).execute();
}

export function linkByHash(db: Kysely<Database>, hash: string): Promise<LinkRow | undefined> {
  return db.selectFrom('tracking_links').selectAll().where('token_hash', '=', hash).executeTakeFirst();
}

export async function insertLink(trx: Transaction<Database>, row: Insertable<TrackingLinksTable>): Promise<void> {
  await trx.insertInto('tracking_links').values(row).execute();
}

/** Marks links ended (`ended_at`) or revoked (`revoked_at`) at `at`. */
export async function closeLinks(
  db: Kysely<Database> | Transaction<Database>,
  ids: readonly string[],
  column: 'ended_at' | 'revoked_at',
  at: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('tracking_links')
    .set({ [column]: at })
    .where('id', 'in', ids)
    .execute();
}
