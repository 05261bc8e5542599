import { feedTokenCreatedSchema, feedTokenCreateSchema, feedTokenListSchema } from '@fieldplan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors/app-error.js';
import { enforceLimit, publicLinkRequestsPerMinute } from '../../http/rate-limit.js';
import { idParams, memberRoute, wsParams } from '../../http/versioned-routes.js';
import { exportEtag, exportFor, exportState } from './export/service.js';
import { authorizeTokens } from './policy.js';
import { createToken, findLiveToken, getTokens, revokeToken } from './tokens.js';

const tokenFile = /^([A-Za-z0-9_-]{22,86})\.ics$/;

/** iCal links (export): managed in the workspace, served at `/ical/<token>.ics` to any calendar app. */
export function feedTokenRoutes(fastify: FastifyInstance, { db, config, limiter }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['feeds'];
  const baseUrl = (request: FastifyRequest) => config.appOrigin ?? `${request.protocol}://${request.headers.host}`;

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/feed-tokens',
    schema: {
      tags,
      description:
        'Every link (a technician sees their own); tokens are never listed. A link that ended with its ' +
        'technician or maker is revoked, with `revokedReason` saying why.',
      params: wsParams,
      response: { 200: feedTokenListSchema },
    },
    run: async (actor) => {
      authorizeTokens(actor, 'see iCal links');
      return getTokens(db.kysely, actor);
    },
  });

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/feed-tokens',
    schema: {
      tags,
      description: "Makes a link to a technician's jobs (memberId) or every job (null). Its `url` is shown only here.",
      params: wsParams,
      body: feedTokenCreateSchema,
      response: { 201: feedTokenCreatedSchema },
    },
    run: async (actor, request, reply) => {
      const created = await createToken(db.kysely, actor, request.body, baseUrl(request));
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  });

  memberRoute(app, db, {
    method: 'DELETE',
    url: '/api/v1/workspaces/:ws/feed-tokens/:id',
    schema: { tags, description: 'Revokes the link: its calendar answers 404 from now on.', params: idParams },
    run: async (actor, request, reply) => {
      authorizeTokens(actor, 'revoke iCal links');
      await revokeToken(db.kysely, actor, request.params.id);
      return reply.code(204).send();
    },
  });

  // Its own scope, so its Referrer-Policy hook runs after the app's (the URL is the credential).
  fastify.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('referrer-policy', 'no-referrer');
    });
    scope.withTypeProvider<ZodTypeProvider>().get(
      '/ical/:file',
      {
        schema: {
          tags,
          description:
            'An RFC 5545 calendar of a link (`/ical/<token>.ics`). Answers 304 to a matching If-None-Match; ' +
            'an unknown or revoked token is a 404, as is one whose technician or maker was deactivated or lost ' +
            'the role that could make it (revoked then, for good); 60 a minute per address, then 429 with Retry-After.',
          params: z.object({ file: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        await enforceLimit(limiter, `ical:${request.ip}`, publicLinkRequestsPerMinute);
        const token = tokenFile.exec(request.params.file)?.[1];
        const row = token ? await findLiveToken(db.kysely, token) : undefined;
        if (!row) throw notFound('This calendar link');
        const state = await exportState(db.kysely, row.workspace_id);
        const etag = exportEtag(state.seq);
        reply.header('etag', etag);
        reply.header('cache-control', 'private, no-cache');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const body = await exportFor(db.kysely, row, state);
        return reply.type('text/calendar; charset=utf-8').send(body);
      },
    );
  });
}
