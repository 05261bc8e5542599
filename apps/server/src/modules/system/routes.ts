import { defaultTileAttribution, defaultTileUrlTemplate, publicConfigSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { version } from '../../version.js';
import { faultRoutes } from './fault-routes.js';

export function systemRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, config, realtime } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  // The probes read no session: a probe sent with a cookie must not wait for the database first.
  const probe = { sessionless: true };
  app.get(
    '/healthz',
    { config: probe, schema: { tags, response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({
      status: 'ok' as const,
    }),
  );

  app.get('/readyz', { config: probe, schema: { tags } }, async (_request, reply) => {
    // Stopping (SIGTERM): not ready, whatever the database says, so balancers move away first.
    if (fastify.draining) return reply.code(503).send({ status: 'shutting down', database: db.dialect });
    // The ping has a deadline (1.5 s) and a connection of its own: a hung database must make this
    // 503, not a hung probe, however many requests wait for the pool.
    const ready = await db.ping();
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'database unavailable', database: db.dialect });
  });

  app.get('/api/v1/config', { schema: { tags, response: { 200: publicConfigSchema } } }, async (request) => ({
    version,
    demo: config.FIELDPLAN_DEMO,
    maps: {
      googleApiKey: config.GOOGLE_MAPS_API_KEY ?? null,
      googleScriptBase: (config.GOOGLE_MAPS_SCRIPT_URL ?? 'https://maps.googleapis.com').replace(/\/+$/, ''),
      tileUrlTemplate: config.TILE_URL_TEMPLATE ?? defaultTileUrlTemplate,
      tileAttribution: config.TILE_ATTRIBUTION ?? defaultTileAttribution,
    },
    // Where pusher-js connects: the embedded server on this origin, or the external service.
    realtime: realtime.browserConfig(request),
    // Error reporting in the browser: envelopes go through the tunnel on this origin.
    monitoring: config.SENTRY_DSN
      ? {
          dsn: config.SENTRY_DSN,
          tunnel: '/api/monitoring' as const,
          environment: config.SENTRY_ENVIRONMENT,
          release: config.SENTRY_RELEASE,
          sampleRate: config.SENTRY_SAMPLE_RATE,
          tracesSampleRate: config.SENTRY_TRACES_SAMPLE_RATE,
        }
      : null,
    faults: config.FIELDPLAN_FAULT_INJECTION,
    travel: { detourFactor: config.TRAVEL_DETOUR_FACTOR, speedKmh: config.TRAVEL_SPEED_KMH },
  }));

  if (config.FIELDPLAN_FAULT_INJECTION) faultRoutes(fastify, deps);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => fastify.swagger());
}
