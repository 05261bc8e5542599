import { changesPageSchema, changesQuerySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { memberRoute, wsParams } from '../../http/versioned-routes.js';
import { changesAfter } from './service.js';

/** The change log's catch-up (docs/PRODUCT.md, "The API and realtime"): what a realtime client missed while it was away. */
export function changeRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/changes',
    schema: {
      tags: ['realtime'],
      description:
        'Changes after `after` (a `seq` from a `change` event), oldest first, each with its entity as it is now ' +
        '(`{id}` when deleted). Beyond 500 changes or 7 days the answer is `{resync: true}`: reload. ' +
        'Without `after`: no changes, just `latestSeq` (where a new client starts).',
      params: wsParams,
      querystring: changesQuerySchema,
      response: { 200: changesPageSchema },
    },
    allow: ['schedule.read', 'see changes'],
    cache: 'no-store',
    run: async (actor, request) => {
      return changesAfter(db.kysely, actor, request.query.after);
    },
  });
}
