import { myDayQuerySchema, myDaySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { memberRoute } from '../../http/versioned-routes.js';
import { myDay } from './service.js';

/** The technician's phone view. */
export function myDayRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/my-day',
    schema: {
      tags: ['my-day'],
      description: "Your own visits of one day in the workspace's time zone, in order, with their sites.",
      params: z.object({ ws: z.string() }),
      querystring: myDayQuerySchema,
      response: { 200: myDaySchema },
    },
    allow: ['schedule.read', 'see jobs'],
    run: async (actor, request, reply) => {
      reply.header('cache-control', 'private, no-cache');
      return myDay(db.kysely, actor, request.query.date);
    },
  });
}
