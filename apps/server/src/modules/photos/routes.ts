import {
  photoCreateSchema,
  photoLimits,
  photoPatchSchema,
  photoSchema,
  photoUploadSchema,
  uploadHeaders,
  visitQuerySchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { fieldError } from '../../errors/app-error.js';
import { idParams, memberRoute, versionedRoutes } from '../../http/versioned-routes.js';
import { setEtag } from '../../http/versioning.js';
import { slots } from '../../lib/slots.js';
import { createStorage, type ObjectStorage } from '../../storage/index.js';
import { resolveVisit } from '../jobs/index.js';
import { sendPhotoFile } from './files.js';
import { beginUpload, deletePhoto, getPhoto, photosOfVisit, updateCaption } from './service.js';
import { appendChunk, OffsetMismatch, uploadState } from './uploads.js';

const photoParams = z.object({ ws: z.string(), photoId: z.string() });
const uploadPath = '/api/v1/workspaces/:ws/photos/:photoId/upload';
const uploadDoc =
  'Resumable upload (docs/PRODUCT.md, "Work record"): send the bytes from `Upload-Offset` on as ' +
  `\`${uploadHeaders.contentType}\`, at most ${photoLimits.maxChunkBytes} bytes a request. 204 with the new ` +
  '`Upload-Offset`; the last byte answers 200 with the photo, or 415 when the bytes are not a JPEG, PNG or ' +
  'WebP (the upload is discarded). A wrong offset answers 409 with the current `Upload-Offset`. A full file ' +
  'storage answers 507 `storage_full` with Retry-After and keeps nothing of the chunk; an upload whose finishing ' +
  'step met it is finished by sending no bytes at its size.';

/** The `Upload-Offset` request header as a byte offset; 400 naming it when missing or malformed. */
function offsetHeader(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || !/^\d{1,15}$/.test(text.trim())) {
    throw fieldError(uploadHeaders.offset, 'Upload-Offset must be the byte offset these bytes start at, like 0');
  }
  return Number(text);
}

/** Photos of a visit: the upload protocol, the files, caption and delete (docs/PRODUCT.md, "Work record"). */
export function photoRoutes(fastify: FastifyInstance, deps: Deps, storage: ObjectStorage = createStorage(deps.config)) {
  const { db, config } = deps;
  const limits = { maxBytes: config.PHOTO_MAX_BYTES, quotaBytes: config.WORKSPACE_STORAGE_QUOTA_BYTES };
  const tags = ['photos'];
  // Twenty phones sending pieces at once must leave database connections for everyone else
  // (docs/PERFORMANCE.md, "Photo uploads"): a few pieces are stored at a time, the rest queue.
  const pieceSlots = slots(4);

  // The chunks' content type is parsed only here, as raw bytes, at most one chunk long.
  fastify.register(async (scope) => {
    scope.addContentTypeParser(
      uploadHeaders.contentType,
      { parseAs: 'buffer', bodyLimit: photoLimits.maxChunkBytes },
      (_request, body, done) => done(null, body),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();

    memberRoute(app, db, {
      method: 'GET',
      url: '/api/v1/workspaces/:ws/jobs/:id/photos',
      schema: { tags, params: idParams, querystring: visitQuerySchema, response: { 200: z.array(photoSchema) } },
      allow: ['record.read', 'see photos'],
      run: async (actor, request) => {
        const visit = await resolveVisit(db.kysely, actor.workspaceId, request.params.id, request.query.occurrence);
        return photosOfVisit(db.kysely, actor.workspaceId, visit.jobId, visit.occurrenceKey);
      },
    });

    memberRoute(app, db, {
      method: 'POST',
      url: '/api/v1/workspaces/:ws/jobs/:id/photos',
      schema: {
        tags,
        description:
          'Begins an upload with the client-made `id`; the same `id` again answers the upload as it is (200), never a second photo.',
        params: idParams,
        querystring: visitQuerySchema,
        body: photoCreateSchema,
        response: { 200: photoUploadSchema, 201: photoUploadSchema },
      },
      allow: ['record.write.own', 'add photos'],
      run: async (actor, request, reply) => {
        const visit = await resolveVisit(db.kysely, actor.workspaceId, request.params.id, request.query.occurrence);
        const { created, upload } = await beginUpload(db.kysely, storage, limits, actor, visit, request.body);
        return reply.code(created ? 201 : 200).send(upload);
      },
    });

    memberRoute(app, db, {
      method: 'HEAD',
      url: uploadPath,
      // Documented, unlike the HEAD twins Fastify adds to GET routes: this one is an operation of its own.
      config: { swagger: { exposeHeadRoute: true } },
      schema: {
        tags,
        description:
          "The upload's `Upload-Offset` (where to resume) and `Upload-Complete` (`?1` finished, `?0` not: " +
          'with every byte in, send no bytes at that offset to finish it).',
        params: photoParams,
      },
      run: async (actor, request, reply) => {
        const { offset, complete } = await uploadState(db.kysely, actor, request.params.photoId);
        return reply
          .code(204)
          .header(uploadHeaders.offset, offset)
          .header(uploadHeaders.complete, complete ? '?1' : '?0')
          .header('cache-control', 'no-store')
          .send();
      },
    });

    memberRoute(app, db, {
      method: 'PATCH',
      url: uploadPath,
      schema: {
        tags,
        description: uploadDoc,
        params: photoParams,
        response: { 200: photoSchema, 204: z.null().describe('More bytes are expected: the new `Upload-Offset`') },
      },
      run: async (actor, request, reply) => {
        const offset = offsetHeader(request.headers['upload-offset']);
        const chunk = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          const result = await pieceSlots(() =>
            appendChunk(db.kysely, storage, actor, request.params.photoId, offset, chunk),
          );
          if (result.kind === 'partial') return reply.code(204).header('upload-offset', result.offset).send(null);
          setEtag(reply, result.photo.version);
          return reply.header('upload-offset', result.photo.bytes).send(result.photo);
        } catch (error) {
          if (error instanceof OffsetMismatch) reply.header('upload-offset', error.offset);
          throw error;
        }
      },
    });

    for (const which of ['file', 'thumb'] as const) {
      memberRoute(app, db, {
        method: 'GET',
        url: `/api/v1/workspaces/:ws/photos/:photoId/${which}`,
        schema: {
          tags,
          description:
            which === 'file'
              ? 'The photo (JPEG, PNG or WebP, as its bytes showed), with nosniff and `Cache-Control: private`.'
              : "The photo's thumbnail (JPEG).",
          params: photoParams,
        },
        allow: ['record.read', 'see photos'],
        run: async (actor, request, reply) =>
          sendPhotoFile(reply, storage, await getPhoto(db.kysely, actor, request.params.photoId), which),
      });
    }

    versionedRoutes(app, db, {
      path: '/api/v1/workspaces/:ws/photos',
      id: 'photoId',
      tags,
      ifMatch: 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current photo.',
      item: photoSchema,
      read: 'record.read',
      write: 'record.write.own',
      noun: 'photos',
      patch: {
        body: photoPatchSchema,
        run: (kysely, actor, id, version, body) => updateCaption(kysely, actor, id, version, body.caption),
      },
      remove: { run: (kysely, actor, id, version) => deletePhoto(kysely, storage, actor, id, version) },
    });
  });
}
