import { memberPatchSchema, memberSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { idParams, memberRoute, wsParams } from '../../http/versioned-routes.js';
import { getMembers, type MemberChangedHook, updateMember } from './service.js';

export function memberRoutes(
  fastify: FastifyInstance,
  { db, sessions, realtime }: Deps,
  onChanged?: MemberChangedHook,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['members'];

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/members',
    schema: { tags, params: wsParams, response: { 200: z.array(memberSchema) } },
    allow: ['members.read', 'see the team'],
    run: async (actor) => {
      return getMembers(db.kysely, actor);
    },
  });

  memberRoute(app, db, {
    method: 'PATCH',
    url: '/api/v1/workspaces/:ws/members/:id',
    schema: { tags, params: idParams, body: memberPatchSchema, response: { 200: memberSchema } },
    allow: ['members.manage', 'change team members'],
    run: async (actor, request) => {
      const { member, endSessionsOf, cutConnectionsOf } = await updateMember(
        db.kysely,
        actor,
        request.params.id,
        request.body,
        onChanged,
      );
      // A deactivated member is signed out everywhere at once (docs/PRODUCT.md, "States and transitions").
      if (endSessionsOf) await sessions.endAllFor(endSessionsOf);
      // …and their realtime connections cut; a lowered role re-joins only the channels it still may.
      if (cutConnectionsOf) {
        await realtime
          .terminateUserConnections(cutConnectionsOf)
          .catch((err: unknown) => request.log.warn({ err }, 'realtime: terminating connections failed'));
      }
      return member;
    },
  });
}
