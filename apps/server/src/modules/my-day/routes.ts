import { myDayQuerySchema, myDaySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { myDay } from './service.js';

/** The technician's phone view. */
export function myDayRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/workspaces/:ws/my-day',
    {
      schema: {
        tags: ['my-day'],
        description: "Your own visits of one day in the workspace's time zone, in order, with their sites.",
        params: z.object({ ws: z.string() }),
        querystring: myDayQuerySchema,
        response: { 200: myDaySchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see jobs');
      reply.header('cache-control', 'private, no-cache');
      return myDay(db.kysely, actor, request.query.date);
    },
  );
}
