import { type Photo, type PhotoCreate, type PhotoUpload, photoLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { loadAtVersion, type VersionedEntity, versionedDelete, versionedUpdate } from '../../db/versioned.js';
import { AppError, fieldError, notFound } from '../../errors/app-error.js';
import { text, textedFieldError } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import type { ObjectStorage } from '../../storage/index.js';
import { assertVisitWriter, resolveVisit, type Visit } from '../jobs/index.js';
import { fileKey, thumbKey } from './keys.js';
import { sniffImage } from './magic.js';
import { presentPhoto, presentUpload } from './presenter.js';
import { findPhoto, type PhotoRow, staleBefore, storageUsed, visitPhotos } from './queries.js';
import { discardUpload } from './uploads.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const sizes = defineMessages({
  photo: { id: 'problems.photos.tooLarge' },
  thumbnail: { id: 'problems.photos.thumbnailTooLarge' },
});

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  thumbJpeg: { id: 'problems.photos.thumbnailJpeg' },
  quota: { id: 'problems.photos.quota' },
  otherPhoto: { id: 'problems.photos.idOfOtherPhoto' },
});

/** The byte limits of docs/PRODUCT.md, "Work record" (PHOTO_MAX_BYTES, WORKSPACE_STORAGE_QUOTA_BYTES). */
export interface PhotoByteLimits {
  maxBytes: number;
  quotaBytes: number;
}

const mb = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** A finished photo as a versioned row (captions and deletes name the version they edited). */
export const photoEntity: VersionedEntity<'photos', PhotoRow> = {
  table: 'photos',
  what: 'photo',
  label: 'Photo',
  entity: 'photo',
  find: async (db, workspaceId, id) => {
    const row = await findPhoto(db, workspaceId, id);
    return row?.completed_at === null ? undefined : row;
  },
  versionOf: (row) => Number(row.version),
  present: presentPhoto,
};

/** The finished photos of a visit, oldest first (the work record's `photos`). */
export async function photosOfVisit(
  db: Kysely<Database>,
  workspaceId: string,
  jobId: string,
  occurrenceKey: number,
): Promise<Photo[]> {
  return (await visitPhotos(db, workspaceId, jobId, occurrenceKey)).map(presentPhoto);
}

/** Drops a few of the workspace's uploads left unfinished past `unfinishedUploadHours`. */
async function sweepStale(db: Kysely<Database>, storage: ObjectStorage, workspaceId: string, now: number) {
  const stale = await db
    .selectFrom('photos')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('completed_at', 'is', null)
    .where('created_at', '<', staleBefore(now))
    .limit(20)
    .execute();
  for (const { id } of stale) {
    const row = await findPhoto(db, workspaceId, id);
    if (row) await discardUpload(db, storage, row);
  }
}

/**
 * Where the photo was taken, kept only when the workspace keeps photo locations (docs/PRODUCT.md,
 * "Work record"); otherwise what the client sent is dropped, and a half-given position is never kept.
 */
async function photoPlace(db: Kysely<Database>, workspaceId: string, input: PhotoCreate) {
  if (input.lat === undefined || input.lng === undefined) return { lat: null, lng: null };
  const ws = await db
    .selectFrom('workspaces')
    .select('keep_photo_location')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return Number(ws?.keep_photo_location) === 1 ? { lat: input.lat, lng: input.lng } : { lat: null, lng: null };
}

/**
 * POST …/jobs/:id/photos: begins an upload with the client's id, or (same id again) answers the
 * upload as it is — never a second photo. Size, quota and thumbnail are checked before anything is kept.
 */
export async function beginUpload(
  db: Kysely<Database>,
  storage: ObjectStorage,
  limits: PhotoByteLimits,
  actor: Actor,
  visit: Visit,
  input: PhotoCreate,
): Promise<{ created: boolean; upload: PhotoUpload }> {
  assertVisitWriter(actor, visit, 'add photos to this visit');
  const replay = await replayOf(db, actor, visit, input.id);
  if (replay) return { created: false, upload: replay };
  if (input.size > limits.maxBytes) {
    const message = text(sizes.photo, { max: mb(limits.maxBytes), size: mb(input.size) });
    throw new AppError('payload_too_large', message, { errors: [textedFieldError('size', message)] });
  }
  const thumbnail = Buffer.from(input.thumbnail, 'base64');
  if (thumbnail.length > photoLimits.thumbnailBytes) {
    const message = text(sizes.thumbnail, { max: String(photoLimits.thumbnailBytes / 1024) });
    throw new AppError('payload_too_large', message, { errors: [textedFieldError('thumbnail', message)] });
  }
  if (sniffImage(thumbnail) !== 'image/jpeg') {
    throw new AppError('unsupported_media_type', text(refusals.thumbJpeg));
  }
  const now = Date.now();
  await sweepStale(db, storage, actor.workspaceId, now);
  const used = await storageUsed(db, actor.workspaceId, now);
  if (used + input.size + thumbnail.length > limits.quotaBytes) {
    throw new AppError('payload_too_large', text(refusals.quota, { quota: mb(limits.quotaBytes), used: mb(used) }));
  }
  const place = await photoPlace(db, actor.workspaceId, input);
  await storage.put(thumbKey(actor.workspaceId, input.id), thumbnail, thumbnail.length);
  try {
    await db
      .insertInto('photos')
      .values({
        workspace_id: actor.workspaceId,
        id: input.id,
        job_id: visit.jobId,
        occurrence_key: visit.occurrenceKey,
        caption: input.caption ?? '',
        content_type: input.contentType,
        width: input.width,
        height: input.height,
        size: input.size,
        received: 0,
        thumb_bytes: thumbnail.length,
        ...place,
        uploaded_by: actor.memberId,
        version: 1,
        created_at: now,
        completed_at: null,
      })
      .execute();
  } catch (error) {
    // A replay that raced the first request: the first one's upload is the answer (or its 400).
    const raced = await replayOf(db, actor, visit, input.id);
    if (raced) return { created: false, upload: raced };
    throw error;
  }
  return { created: true, upload: { id: input.id, offset: 0, size: input.size, complete: false } };
}

/** The upload this id already names, if it is the same visit's and the caller's; 400 if it is another's. */
async function replayOf(db: Kysely<Database>, actor: Actor, visit: Visit, id: string) {
  const row = await findPhoto(db, actor.workspaceId, id);
  if (!row) return undefined;
  const same =
    row.job_id === visit.jobId &&
    Number(row.occurrence_key) === visit.occurrenceKey &&
    row.uploaded_by === actor.memberId;
  if (!same) throw fieldError('id', text(refusals.otherPhoto));
  return presentUpload(row);
}

/** A finished photo, 404 for an unfinished upload or another workspace's id. */
export async function getPhoto(db: Kysely<Database>, actor: Actor, id: string): Promise<PhotoRow> {
  const row = await photoEntity.find(db, actor.workspaceId, id);
  if (!row) throw notFound('Photo');
  return row;
}

/** The visit a photo belongs to, with its assignees now (who may caption or delete it). */
async function visitOfPhoto(db: Kysely<Database>, actor: Actor, row: PhotoRow): Promise<Visit> {
  const photo = presentPhoto(row);
  return resolveVisit(db, actor.workspaceId, row.job_id, photo.occurrence ?? undefined);
}

export async function updateCaption(db: Kysely<Database>, actor: Actor, id: string, version: number, caption: string) {
  // Who may is answered before whether the version is current (a 403 before a 412).
  assertVisitWriter(actor, await visitOfPhoto(db, actor, await getPhoto(db, actor, id)), 'edit photos of this visit');
  const current = await loadAtVersion(db, photoEntity, actor.workspaceId, { id, version });
  return db.transaction().execute(async (trx) => {
    const saved = await versionedUpdate(trx, photoEntity, actor, { id, version }, { caption });
    return presentPhoto({ ...current, caption, version: saved });
  });
}

/** Deletes the photo (its row now, its files after the commit). */
export async function deletePhoto(
  db: Kysely<Database>,
  storage: ObjectStorage,
  actor: Actor,
  id: string,
  version: number,
) {
  assertVisitWriter(actor, await visitOfPhoto(db, actor, await getPhoto(db, actor, id)), 'delete photos of this visit');
  await loadAtVersion(db, photoEntity, actor.workspaceId, { id, version });
  await db.transaction().execute(async (trx) => {
    await versionedDelete(trx, photoEntity, actor, { id, version });
  });
  await Promise.all([storage.delete(fileKey(actor.workspaceId, id)), storage.delete(thumbKey(actor.workspaceId, id))]);
}
