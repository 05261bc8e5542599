import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import type { ObjectStorage } from '../../storage/index.js';
import { fileKey, partKey, thumbKey } from './keys.js';
import { sniffBytes, sniffImage } from './magic.js';
import { assertUploader } from './policy.js';
import { presentPhoto } from './presenter.js';
import { findPhoto, type PartRow, type PhotoRow, partsOf } from './queries.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  pastSize: { id: 'problems.photos.chunkPastSize' },
  notImage: { id: 'problems.photos.notImage' },
});

// The upload protocol's byte side (docs/PRODUCT.md, "Work record"): each chunk is stored as its own
// object and listed in photo_upload_parts in the same transaction that moves the offset, so a chunk
// cut off mid-way leaves nothing and the offset a resuming client reads is exactly what was kept.

/** 409 with the offset the client must resume from (the route sends it as `Upload-Offset`). */
export class OffsetMismatch extends AppError {
  constructor(readonly offset: number) {
    super(
      'invalid_transition',
      `The upload is at byte ${offset}: send the bytes from there (Upload-Offset: ${offset})`,
    );
  }
}

/**
 * Where an upload stands, for HEAD …/upload: the bytes kept (its size once finished) and whether it is
 * finished. Every byte in but not finished means its finishing step failed (a full storage, a crash):
 * the client sends no bytes at that offset to finish it (docs/PRODUCT.md, "Work record").
 */
export async function uploadState(
  db: Kysely<Database>,
  actor: Actor,
  photoId: string,
): Promise<{ offset: number; complete: boolean }> {
  const row = await findPhoto(db, actor.workspaceId, photoId);
  if (!row) throw notFound('Photo');
  assertUploader(actor, row);
  const complete = row.completed_at !== null;
  return { offset: Number(complete ? row.size : row.received), complete };
}

export type ChunkResult =
  | { kind: 'partial'; offset: number }
  | { kind: 'complete'; photo: ReturnType<typeof presentPhoto> };

/**
 * PATCH …/upload: stores `chunk` at `offset`. The last byte completes the photo; a chunk of no bytes
 * at the end finishes an upload whose completion was interrupted.
 */
export async function appendChunk(
  db: Kysely<Database>,
  storage: ObjectStorage,
  actor: Actor,
  photoId: string,
  offset: number,
  chunk: Buffer,
): Promise<ChunkResult> {
  const row = await findPhoto(db, actor.workspaceId, photoId);
  if (!row) throw notFound('Photo');
  assertUploader(actor, row);
  const size = Number(row.size);
  if (row.completed_at !== null) throw new OffsetMismatch(size);
  const received = Number(row.received);
  if (offset !== received) throw new OffsetMismatch(received);
  if (offset + chunk.length > size) {
    throw new AppError(
      'payload_too_large',
      text(refusals.pastSize, { size: String(size), left: String(size - offset) }),
    );
  }
  if (chunk.length > 0) {
    const key = partKey(actor.workspaceId, photoId, offset, randomBytes(6).toString('hex'));
    await storage.put(key, chunk, chunk.length);
    const moved = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('photos')
        .set({ received: offset + chunk.length })
        .where('workspace_id', '=', actor.workspaceId)
        .where('id', '=', photoId)
        .where('received', '=', offset)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx
        .insertInto('photo_upload_parts')
        .values({
          workspace_id: actor.workspaceId,
          photo_id: photoId,
          start_byte: offset,
          length: chunk.length,
          storage_key: key,
        })
        .execute();
      return true;
    });
    if (!moved) {
      // Another request stored these bytes first (a retry racing the original): keep theirs.
      await storage.delete(key);
      const now = await findPhoto(db, actor.workspaceId, photoId);
      throw new OffsetMismatch(Number(now?.received ?? 0));
    }
  }
  if (offset + chunk.length < size) return { kind: 'partial', offset: offset + chunk.length };
  return { kind: 'complete', photo: await completeUpload(db, storage, actor, row) };
}

/** The first bytes of the upload, read from its first parts. */
async function headOf(storage: ObjectStorage, parts: readonly PartRow[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let have = 0;
  for (const part of parts) {
    const stream = await storage.get(part.storage_key);
    if (!stream) break;
    for await (const piece of stream) {
      chunks.push(piece as Buffer);
      have += (piece as Buffer).length;
      if (have >= sniffBytes) break;
    }
    stream.destroy();
    if (have >= sniffBytes) break;
  }
  return Buffer.concat(chunks).subarray(0, sniffBytes);
}

/** The parts one after another as one stream; a missing part fails it (the upload is then retried). */
function joined(storage: ObjectStorage, parts: readonly PartRow[]): Readable {
  return Readable.from(
    (async function* () {
      for (const part of parts) {
        const stream = await storage.get(part.storage_key);
        if (!stream) throw new Error(`Upload part ${part.storage_key} is missing`);
        yield* stream;
      }
    })(),
  );
}

async function removeObjects(storage: ObjectStorage, keys: readonly string[]) {
  await Promise.all(keys.map((key) => storage.delete(key)));
}

/** Discards an upload and everything it stored (its row, parts and thumbnail). */
export async function discardUpload(db: Kysely<Database>, storage: ObjectStorage, row: PhotoRow): Promise<void> {
  const parts = await partsOf(db, row.workspace_id, row.id);
  await db.deleteFrom('photos').where('workspace_id', '=', row.workspace_id).where('id', '=', row.id).execute();
  await removeObjects(storage, [
    ...parts.map((p) => p.storage_key),
    thumbKey(row.workspace_id, row.id),
    fileKey(row.workspace_id, row.id),
  ]);
}

/**
 * The last byte is in: the bytes must be a JPEG, PNG or WebP (else 415 and the upload is discarded);
 * the parts become one object, and the photo is visible (change log → live event).
 */
async function completeUpload(db: Kysely<Database>, storage: ObjectStorage, actor: Actor, row: PhotoRow) {
  const parts = await partsOf(db, actor.workspaceId, row.id);
  const type = sniffImage(await headOf(storage, parts));
  if (!type) {
    await discardUpload(db, storage, row);
    throw new AppError('unsupported_media_type', text(refusals.notImage));
  }
  const size = Number(row.size);
  await storage.put(fileKey(actor.workspaceId, row.id), joined(storage, parts), size);
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('photos')
      .set({ completed_at: now, content_type: type })
      .where('workspace_id', '=', actor.workspaceId)
      .where('id', '=', row.id)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    await trx
      .deleteFrom('photo_upload_parts')
      .where('workspace_id', '=', actor.workspaceId)
      .where('photo_id', '=', row.id)
      .execute();
    if (Number(done.numUpdatedRows) > 0) {
      await recordChange(trx, {
        workspaceId: actor.workspaceId,
        entity: 'photo',
        entityId: row.id,
        action: 'created',
        actorId: actor.userId,
      });
    }
  });
  await removeObjects(
    storage,
    parts.map((p) => p.storage_key),
  );
  const saved = await findPhoto(db, actor.workspaceId, row.id);
  if (!saved) throw notFound('Photo');
  return presentPhoto(saved);
}
