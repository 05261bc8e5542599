import { Readable } from 'node:stream';
import { archiveLimits, archiveRestoreResultSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors/app-error.js';
import { appBaseUrl } from '../../http/app-origin.js';
import { text } from '../../http/problem-text.js';
import { enforceLimit } from '../../http/rate-limit.js';
import { requireUser } from '../../http/session.js';
import { streamedBodyRoutes } from '../../http/streamed-body.js';
import { memberRoute, wsParams } from '../../http/versioned-routes.js';
import { defineMessages } from '../../i18n/index.js';
import { createStorage, type ObjectStorage } from '../../storage/index.js';
import { findWorkspace } from '../workspaces/index.js';
import type { ArchiveLimits } from './read.js';
import { restoreArchive } from './restore.js';
import { discard, receiveUpload } from './upload.js';
import { archiveStream } from './write.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  zip: { id: 'problems.archive.sendZip' },
});

export interface ArchiveOptions {
  storage?: ObjectStorage;
  /** Tests shrink the limits to prove each refusal. */
  limits?: Partial<ArchiveLimits & Record<'uploadBytes' | 'perMinute' | 'restoresPerDay', number>>;
}

/** The whole-workspace archive: download (owner) and restore into a new workspace (docs/adr/0035). */
export function archiveRoutes(fastify: FastifyInstance, deps: Deps, options: ArchiveOptions = {}) {
  const { db, limiter, config } = deps;
  const storage = options.storage ?? createStorage(deps.config);
  const limits = { ...archiveLimits, ...options.limits };
  const tags = ['export'];

  // The archive arrives as raw bytes, streamed to a file by the route (never buffered whole).
  streamedBodyRoutes(fastify, 'application/zip', (app) => {
    memberRoute(app, db, {
      method: 'GET',
      url: '/api/v1/workspaces/:ws/archive',
      schema: {
        tags,
        description:
          'The whole workspace as a zip (docs/adr/0035-export-and-workspace-archive.md): `manifest.json`, JSON lines per entity, photos and signatures. Streamed.',
        params: wsParams,
      },
      allow: ['workspace.archive', 'download the workspace archive'],
      run: async (actor, _request, reply) => {
        await enforceLimit(limiter, `archive:${actor.userId}`, limits.perMinute, 'archive downloads');
        const workspace = await findWorkspace(db.kysely, actor.workspaceId);
        const day = new Date().toISOString().slice(0, 10);
        const body = await archiveStream(db.kysely, storage, actor.workspaceId);
        return reply
          .header('content-type', 'application/zip')
          .header(
            'content-disposition',
            `attachment; filename="fieldplan-${workspace?.slug ?? 'workspace'}-${day}.zip"`,
          )
          .header('cache-control', 'no-store')
          .send(body);
      },
    });

    app.post(
      '/api/v1/workspace-archives',
      {
        schema: {
          tags,
          description:
            'Creates a NEW workspace owned by the caller from an archive (`application/zip`). Every line is checked first; a refused archive leaves nothing behind and the problem names the file and line. The member with the caller’s email is the caller; every other member gets a pending invitation (its link in `invitations`), the same whether or not their email has an account here. Limited per person a minute and a day (429).',
          response: { 201: archiveRestoreResultSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        if (!(request.body instanceof Readable)) {
          throw new AppError('unsupported_media_type', text(refusals.zip));
        }
        await enforceLimit(limiter, `restore:${user.id}`, limits.perMinute, 'restores');
        await enforceLimit(limiter, `restore-day:${user.id}`, limits.restoresPerDay, 'restores today', 86_400_000);
        const declared = request.headers['content-length'];
        const file = await receiveUpload(
          request.body,
          declared === undefined ? undefined : Number(declared),
          limits.uploadBytes,
        );
        try {
          const restorer = { userId: user.id, email: user.email, baseUrl: appBaseUrl(config, request) };
          const result = await restoreArchive(db.kysely, storage, file, restorer, limits);
          return reply.code(201).send(result);
        } finally {
          await discard(file);
        }
      },
    );
  });
}
