import { type CalendarEvent, calendarEventsSchema, calendarQuerySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { encodedBody, FeedCache, pickEncoding } from '../../http/answer-cache.js';
import { memberRoute, wsParams } from '../../http/versioned-routes.js';
import { calendarFeed } from './service.js';

export function calendarRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = new FeedCache();

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/calendar/events',
    schema: {
      tags: ['calendar'],
      description: 'FullCalendar events of the range (≤ 100 days, ≤ 5,000 events), recurring jobs expanded.',
      params: wsParams,
      querystring: calendarQuerySchema,
      response: { 200: calendarEventsSchema, 304: z.null().describe('Not modified since the ETag sent') },
    },
    allow: ['schedule.read', 'see the calendar'],
    run: async (actor, request, reply) => {
      const feed = await calendarFeed(db.kysely, cache, actor, request.query);
      reply.header('etag', feed.etag);
      reply.header('cache-control', 'private, no-cache');
      reply.header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === feed.etag) return reply.code(304).send(null);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      const body = encoding ? await encodedBody(feed, encoding) : feed.body;
      // Already serialised (and cached): Fastify sends a Buffer as is, skipping the schema's serializer.
      return reply.type('application/json; charset=utf-8').send(body as unknown as CalendarEvent[]);
    },
  });
}
