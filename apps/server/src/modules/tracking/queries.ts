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

/** The visit as the page shows it: the job's status and times, its site, the technician's name and colour. */
export function visitFacts(db: Kysely<Database>, link: LinkRow) {
  return db
    .selectFrom('jobs')
    .innerJoin('memberships', (join) =>
      join.on('memberships.id', '=', link.member_id).on('memberships.workspace_id', '=', link.workspace_id),
    )
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .leftJoin('job_exceptions', (join) =>
      join
        .onRef('job_exceptions.job_id', '=', 'jobs.id')
        .on('job_exceptions.occurrence_key', '=', link.occurrence_key ?? -1),
    )
    .select([
      'jobs.status',
      'jobs.start_at',
      'jobs.end_at',
      'jobs.lat',
      'jobs.lng',
      'jobs.rrule',
      'users.name',
      'memberships.colour',
      'memberships.deactivated_at',
      'job_exceptions.kind as exception_kind',
      'job_exceptions.status as exception_status',
      'job_exceptions.start_at as exception_start',
      'job_exceptions.end_at as exception_end',
    ])
    .where('jobs.id', '=', link.job_id)
    .where('jobs.workspace_id', '=', link.workspace_id)
    .where('jobs.deleted_at', 'is', null)
    .executeTakeFirst();
}

export type VisitFacts = NonNullable<Awaited<ReturnType<typeof visitFacts>>>;

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
