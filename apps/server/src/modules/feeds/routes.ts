import {
  type BusyEvent,
  busyEventsSchema,
  busyQuerySchema,
  feedCreateSchema,
  feedListSchema,
  feedPatchSchema,
  feedSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { encodedBody, FeedCache, pickEncoding } from '../../http/answer-cache.js';
import { enforceLimit } from '../../http/rate-limit.js';
import { idParams, memberRoute, versionedRoutes, wsParams } from '../../http/versioned-routes.js';

import { busyRefusedHeader } from './busy.js';
import { busyAnswer } from './busy-answer.js';
import type { FeedFetching } from './refresh.js';
import { createFeed, deleteFeed, getFeed, getFeeds, refreshFeedNow, updateFeed } from './service.js';

const ifMatch = 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current feed.';
const fetched =
  'The server fetches the URL first (never the browser): an address it refuses or cannot load answers ' +
  '502 feed_unreachable with the reason, and nothing is stored.';

/** Calendar subscriptions: iCalendar feeds imported as busy time. */
export function feedRoutes(fastify: FastifyInstance, { db, config, limiter }: Deps, fetching: FeedFetching) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  /** Serialised busy-time answers by workspace seq and range. */
  const busyCache = new FeedCache(16 * 1024 * 1024);
  const tags = ['feeds'];

  versionedRoutes(app, db, {
    path: '/api/v1/workspaces/:ws/feeds',
    tags,
    ifMatch,
    item: feedSchema,
    read: 'schedule.read',
    write: 'schedule.write',
    noun: 'calendar subscriptions',
    list: { response: feedListSchema, run: getFeeds },
    create: {
      description: fetched,
      allow: ['schedule.write', 'subscribe calendars'],
      body: feedCreateSchema,
      run: (kysely, actor, body) => createFeed(kysely, actor, body, fetching),
    },
    get: { run: getFeed },
    patch: {
      description: `${ifMatch} ${fetched}`,
      body: feedPatchSchema,
      run: (kysely, actor, id, version, body) => updateFeed(kysely, actor, id, version, body, fetching),
    },
    remove: { allow: ['schedule.write', 'remove calendar subscriptions'], run: deleteFeed },
  });

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/feeds/:id/refresh',
    schema: {
      tags,
      description:
        'Refresh now: fetched while you wait (or, when another process is fetching it already, the feed as it is). ' +
        'A failure marks the feed failing, keeps its last good copy and answers 502 feed_unreachable with the reason. ' +
        "Past the workspace's refresh budget (CPU time reading its feeds) nothing is fetched: the feed answers failing, " +
        'its lastError starting "deferred:" and saying when the next try is. ' +
        'At most FEED_REFRESH_PER_MINUTE (6) a minute per feed, then 429 rate_limited with Retry-After.',
      params: idParams,
      response: { 200: feedSchema },
    },
    allow: ['schedule.write', 'refresh calendar subscriptions'],
    run: async (actor, request) => {
      // Counted per workspace and feed id, so one workspace's refreshes never hold up another's.
      await enforceLimit(
        limiter,
        `feed-refresh:${actor.workspaceId}:${request.params.id}`,
        config.FEED_REFRESH_PER_MINUTE,
        'refreshes of this feed',
      );
      return refreshFeedNow(db.kysely, actor, request.params.id, fetching);
    },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/calendar/busy',
    schema: {
      tags: ['calendar', 'feeds'],
      description:
        'Busy time from subscribed calendars in the range (≤ 100 days) as FullCalendar background events: ' +
        "on the technician's row (resourceIds) for a technician's feed, across the calendar for a workspace feed. " +
        'A feed whose recurring events cannot be expanded for the range within its budget is left out and named ' +
        'in the `Fieldplan-Busy-Refused` header (feed ids).',
      params: wsParams,
      querystring: busyQuerySchema,
      response: { 200: busyEventsSchema, 304: z.null().describe('Not modified since the ETag sent') },
    },
    allow: ['schedule.read', 'see the calendar'],
    run: async (actor, request, reply) => {
      const answer = await busyAnswer(db.kysely, busyCache, actor.workspaceId, request.query);
      reply.header('etag', answer.etag);
      reply.header('cache-control', 'private, no-cache');
      reply.header('vary', 'accept-encoding');
      // Feeds whose recurring events could not be expanded for this range (too many, too slow).
      if (answer.refused) reply.header(busyRefusedHeader, answer.refused);
      if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send(null);
      const encoding = pickEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      const body = encoding ? await encodedBody(answer, encoding) : answer.body;
      // Already serialised (and cached): Fastify sends a Buffer as is, skipping the schema's serializer.
      return reply.type('application/json; charset=utf-8').send(body as unknown as BusyEvent[]);
    },
  });
}
