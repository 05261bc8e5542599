import { liveLocationSchema, locationPingSchema, realtimeEvents, workspaceChannels } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { memberRoute, wsParams } from '../../http/versioned-routes.js';
import { getLocations, recordPing } from './service.js';

/** Told after a member's position is stored (tracking's open links show the move); app.ts wires it. */
export type MemberMovedHook = (workspaceId: string, memberId: string) => Promise<void>;

/** Live locations (docs/PRODUCT.md, "Roles and permissions" and "Limits"). */
export function locationRoutes(fastify: FastifyInstance, deps: Deps, onMoved?: MemberMovedHook) {
  const { db, realtime } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/locations',
    schema: {
      tags,
      description: 'Your own position; one every 5 s (429 with Retry-After otherwise).',
      params: wsParams,
      body: locationPingSchema,
      response: { 201: liveLocationSchema },
    },
    allow: ['locations.share', 'share your location'],
    run: async (actor, request, reply) => {
      const location = await recordPing(db.kysely, actor, request.body);
      // The technician's open tracking links show the move (coarsened) after this request.
      await onMoved?.(actor.workspaceId, actor.memberId);
      // Stored already: a realtime hiccup must not turn into a failed ping (the map catches up on the next).
      await realtime
        .publish(workspaceChannels.locations(actor.workspaceId), realtimeEvents.location, location)
        .catch((err: unknown) => request.log.warn({ err }, 'realtime: publishing a location failed'));
      return reply.code(201).send(location);
    },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/locations',
    schema: {
      tags,
      description:
        'Latest positions of the last 12 hours: every member for owners and dispatchers, your own for technicians.',
      params: wsParams,
      response: { 200: z.array(liveLocationSchema) },
    },
    cache: 'no-store',
    run: async (actor) => {
      return getLocations(db.kysely, actor);
    },
  });
}
