import { changesPageSchema, changesQuerySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { changesAfter } from './service.js';

/** The change log's catch-up (docs/PRODUCT.md, "The API and realtime"): what a realtime client missed while it was away. */
export function changeRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/workspaces/:ws/changes',
    {
      schema: {
        tags: ['realtime'],
        description:
          'Changes after `after` (a `seq` from a `change` event), oldest first, each with its entity as it is now ' +
          '(`{id}` when deleted). Beyond 500 changes or 7 days the answer is `{resync: true}`: reload. ' +
          'Without `after`: no changes, just `latestSeq` (where a new client starts).',
        params: z.object({ ws: z.string() }),
        querystring: changesQuerySchema,
        response: { 200: changesPageSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see changes');
      reply.header('cache-control', 'no-store');
      return changesAfter(db.kysely, actor, request.query.after);
    },
  );
}
