import { photoLimits } from '@fieldplan/shared';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PhotosTable, PhotoUploadPartsTable } from '../../db/schema.js';

/** A photo row with what its JSON shows from elsewhere: the uploader's name and whether the job is all-day. */
export type PhotoRow = Selectable<PhotosTable> & { uploader_name: string | null; all_day: number | null };
export type PartRow = Selectable<PhotoUploadPartsTable>;

function photoQuery(db: Kysely<Database>, workspaceId: string) {
  return db
    .selectFrom('photos')
    .leftJoin('memberships', 'memberships.id', 'photos.uploaded_by')
    .leftJoin('users', 'users.id', 'memberships.user_id')
    .leftJoin('jobs', 'jobs.id', 'photos.job_id')
    .selectAll('photos')
    .select(['users.name as uploader_name', 'jobs.all_day as all_day'])
    .where('photos.workspace_id', '=', workspaceId);
}

/** The photo or upload with this id in the workspace (finished or not). */
export function findPhoto(db: Kysely<Database>, workspaceId: string, id: string): Promise<PhotoRow | undefined> {
  return photoQuery(db, workspaceId).where('photos.id', '=', id).executeTakeFirst();
}

/** The finished photos of one visit, oldest first. */
export function visitPhotos(
  db: Kysely<Database>,
  workspaceId: string,
  jobId: string,
  occurrenceKey: number,
): Promise<PhotoRow[]> {
  return photoQuery(db, workspaceId)
    .where('photos.job_id', '=', jobId)
    .where('photos.occurrence_key', '=', occurrenceKey)
    .where('photos.completed_at', 'is not', null)
    .orderBy('photos.created_at')
    .orderBy('photos.id')
    .execute();
}

/** When an unfinished upload stops holding its share of the quota (and may be swept). */
export const staleBefore = (now: number) => now - photoLimits.unfinishedUploadHours * 3_600_000;

/**
 * Bytes the workspace's photos hold: finished photos and their thumbnails, plus the declared size of
 * uploads begun within `unfinishedUploadHours` (reserved, so parallel uploads can't overrun the quota).
 */
export async function storageUsed(db: Kysely<Database>, workspaceId: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('photos')
    .select(sql<string | number | null>`sum(size + thumb_bytes)`.as('used'))
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb.or([eb('completed_at', 'is not', null), eb('created_at', '>=', staleBefore(now))]))
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

export function partsOf(db: Kysely<Database>, workspaceId: string, photoId: string): Promise<PartRow[]> {
  return db
    .selectFrom('photo_upload_parts')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('photo_id', '=', photoId)
    .orderBy('start_byte')
    .execute();
}
