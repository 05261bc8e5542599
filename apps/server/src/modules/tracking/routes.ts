import { trackingLinkQuerySchema, trackingLinkSchema, trackingPageSchema } from '@fieldplan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { enforceLimit, publicLinkRequestsPerMinute } from '../../http/rate-limit.js';
import { idParams, memberRoute, wsParams } from '../../http/versioned-routes.js';
import { trackingContext } from './context.js';
import { jobTrackingLinks, publicTrackingPage, revokeTrackingLink } from './service.js';

/** The customer's tracking link (docs/adr/0011-tracking-links.md). */
export function trackingRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, config, limiter } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['tracking'];
  const baseUrl = (request: FastifyRequest) => config.appOrigin ?? `${request.protocol}://${request.headers.host}`;

  app.get(
    '/api/v1/track/:token',
    {
      schema: {
        tags,
        description:
          "Public (no session): what the customer's page shows of one visit. 404 for an expired, revoked, finished or unknown link; 60 a minute per address.",
        params: z.object({ token: z.string().max(200) }),
        response: { 200: trackingPageSchema },
      },
    },
    async (request, reply) => {
      await enforceLimit(limiter, `track:${request.ip}`, publicLinkRequestsPerMinute);
      reply.header('cache-control', 'no-store');
      // The page is public: its data must not leak to other sites through the referrer of its map tiles.
      reply.header('referrer-policy', 'no-referrer');
      return publicTrackingPage(db.kysely, await trackingContext(deps), request.params.token);
    },
  );

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/tracking-links',
    schema: {
      tags,
      description: "The job's tracking links that still work (owners and dispatchers), with their URLs to copy.",
      params: wsParams,
      querystring: trackingLinkQuerySchema,
      response: { 200: z.array(trackingLinkSchema) },
    },
    allow: ['schedule.write', 'see tracking links'],
    cache: 'no-store',
    run: async (actor, request) => {
      const context = await trackingContext(deps);
      return jobTrackingLinks(db.kysely, context, actor, request.query.jobId, baseUrl(request));
    },
  });

  memberRoute(app, db, {
    method: 'DELETE',
    url: '/api/v1/workspaces/:ws/tracking-links/:id',
    schema: {
      tags,
      description: 'Revokes a tracking link: it answers 404 from now on.',
      params: idParams,
    },
    allow: ['schedule.write', 'revoke tracking links'],
    run: async (actor, request, reply) => {
      await revokeTrackingLink(db.kysely, await trackingContext(deps), actor, request.params.id);
      return reply.code(204).send();
    },
  });
}
