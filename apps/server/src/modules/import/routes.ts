import type { Readable } from 'node:stream';
import {
  importLimits,
  importListSchema,
  importPreviewSchema,
  importSchema,
  importStartSchema,
  importUploadQuerySchema,
  unplacedListSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { streamedBodyRoutes } from '../../http/streamed-body.js';
import { idParams, memberRoute, wsParams } from '../../http/versioned-routes.js';
import { sharedGeocoder } from '../places/index.js';
import type { ChunkGate } from './chunk-gate.js';
import { importDir, tooLarge } from './intake.js';
import { authorizeImport } from './policy.js';
import { ImportRunner } from './runner.js';
import { getImport, listImports, previewImport, receiveUpload, startImport, unplacedRows } from './service.js';

const uploadDoc =
  `The file's bytes as the body (any content type; at most ${importLimits.maxBytes / 1024 / 1024} MB, else 413 ` +
  'naming it). CSV (comma, semicolon or tab; UTF-8, UTF-16 with a byte-order mark, or Windows-1252 — the ' +
  'answer says which it assumed) or an Excel workbook (.xlsx, first sheet); anything else, a workbook that ' +
  'unpacks too large, declares a DOCTYPE or names a part outside itself (`../x`), is 415. A file that is empty, ' +
  `has no data rows, more than ${importLimits.maxRows.toLocaleString('en')} rows, more than ` +
  `${importLimits.maxColumns} columns or an unclosed quote is 400 on \`file\`; nothing is kept.`;

export interface ImportOptions {
  /** How often to look for imports to resume (tests shorten it). */
  sweepMs?: number;
  /** Holds each chunk of the rows phase in its transaction until released (tests). */
  chunkGate?: ChunkGate;
}

/** Import of customers from CSV or Excel (docs/PRODUCT.md, "Import"; docs/adr/0034-import.md). */
export function importRoutes(fastify: FastifyInstance, deps: Deps, options: ImportOptions = {}): ImportRunner {
  const { db, config } = deps;
  const tags = ['import'];
  const dir = importDir(config.STORAGE_DIR);
  const runner = new ImportRunner(
    fastify,
    db,
    {
      geocoder: sharedGeocoder(config, (reason) => fastify.log.warn({ reason }, 'geocoder request failed')),
    },
    options.chunkGate,
  );
  fastify.addHook('onReady', async () => runner.startSweeping(options.sweepMs));
  fastify.addHook('onClose', async () => runner.close());

  // The upload's body is the file itself, streamed to disk: parsed only here, never buffered.
  streamedBodyRoutes(fastify, '*', (app) => {
    memberRoute(app, db, {
      method: 'POST',
      url: '/api/v1/workspaces/:ws/imports',
      bodyLimit: importLimits.maxBytes,
      schema: {
        tags,
        description: uploadDoc,
        params: wsParams,
        querystring: importUploadQuerySchema,
        response: { 201: importSchema },
      },
      run: async (actor, request, reply) => {
        authorizeImport(actor, 'import');
        const { kind, fileName } = request.query;
        if (Number(request.headers['content-length'] ?? 0) > importLimits.maxBytes) throw tooLarge(fileName);
        const body = request.body as Readable;
        const created = await receiveUpload(db.kysely, actor, { body, fileName, kind, dir });
        return reply.code(201).send(created);
      },
    });
  });

  const app = fastify.withTypeProvider<ZodTypeProvider>();

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/imports',
    schema: { tags, params: wsParams, response: { 200: importListSchema } },
    run: async (actor) => {
      authorizeImport(actor, 'see imports');
      return listImports(db.kysely, actor);
    },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/imports/:id',
    schema: { tags, params: idParams, response: { 200: importSchema } },
    run: async (actor, request, reply) => {
      authorizeImport(actor, 'see imports');
      reply.header('cache-control', 'no-store');
      return getImport(db.kysely, actor, request.params.id);
    },
  });

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/imports/:id/preview',
    schema: {
      tags,
      description: `The first ${importLimits.previewRows} rows as they would be saved with this mapping and duplicate policy, each with its problems (by field) and the existing customer it matches. Writes nothing.`,
      params: idParams,
      body: importStartSchema,
      response: { 200: importPreviewSchema },
    },
    run: async (actor, request) => {
      authorizeImport(actor, 'import');
      return previewImport(db.kysely, actor, request.params.id, request.body);
    },
  });

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/imports/:id/start',
    schema: {
      tags,
      description:
        'Starts the import in the background (202); its progress is the import itself (`GET …/imports/{id}` and `import` changes). An import that has started already is 409.',
      params: idParams,
      body: importStartSchema,
      response: { 202: importSchema },
    },
    run: async (actor, request, reply) => {
      authorizeImport(actor, 'import');
      const started = await startImport(db.kysely, actor, request.params.id, request.body);
      runner.start(started.id);
      return reply.code(202).send(started);
    },
  });

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/imports/:id/resume',
    schema: {
      tags,
      description:
        'Resumes a failed import where it stopped (202): committed rows stay, the rest follow. Not failed: 409.',
      params: idParams,
      response: { 202: importSchema },
    },
    run: async (actor, request, reply) => {
      authorizeImport(actor, 'import');
      const resumed = await startImport(db.kysely, actor, request.params.id, null);
      runner.start(resumed.id);
      return reply.code(202).send(resumed);
    },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/imports/:id/unplaced',
    schema: { tags, params: idParams, response: { 200: unplacedListSchema } },
    run: async (actor, request) => {
      authorizeImport(actor, 'see imports');
      return unplacedRows(db.kysely, actor, request.params.id);
    },
  });

  return runner;
}
