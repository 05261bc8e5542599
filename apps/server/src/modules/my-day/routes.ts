import { myDayQuerySchema, myDaySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { memberRoute, wsParams } from '../../http/versioned-routes.js';
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
      params: wsParams,
      querystring: myDayQuerySchema,
      response: { 200: myDaySchema },
    },
    allow: ['schedule.read', 'see jobs'],
    cache: 'private, no-cache',
    run: async (actor, request) => {
      return myDay(db.kysely, actor, request.query.date);
    },
  });
}
