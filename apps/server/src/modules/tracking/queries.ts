import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TrackingLinksTable } from '../../db/schema.js';
import { rowOfWorkspace } from '../../db/workspace-rows.js';

export type LinkRow = Selectable<TrackingLinksTable>;

/** The workspace's links that were neither ended nor revoked. */
function openLinks(db: Kysely<Database> | Transaction<Database>, workspaceId: string) {
  return db
    .selectFrom('tracking_links')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('ended_at', 'is', null)
    .where('revoked_at', 'is', null);
}

/** A link that was neither ended nor revoked (its visit's expiry is checked by the caller). */
export function openLinksOfVisit(
  db: Kysely<Database> | Transaction<Database>,
  workspaceId: string,
  jobId: string,
  occurrenceKey: number | null,
): Promise<LinkRow[]> {
  const query = openLinks(db, workspaceId).where('job_id', '=', jobId);
  const ofVisit =
    occurrenceKey === null
      ? query.where('occurrence_key', 'is', null)
      : query.where('occurrence_key', '=', occurrenceKey);
  return ofVisit.orderBy('created_at').execute();
}

export function openLinksOfJob(db: Kysely<Database>, workspaceId: string, jobId: string): Promise<LinkRow[]> {
  return openLinks(db, workspaceId).where('job_id', '=', jobId).orderBy('created_at').execute();
}

export function openLinksOfMember(db: Kysely<Database>, workspaceId: string, memberId: string): Promise<LinkRow[]> {
  return openLinks(db, workspaceId).where('member_id', '=', memberId).execute();
}

export function linkById(db: Kysely<Database>, workspaceId: string, id: string): Promise<LinkRow | undefined> {
  return rowOfWorkspace(db, 'tracking_links', workspaceId, id);
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
