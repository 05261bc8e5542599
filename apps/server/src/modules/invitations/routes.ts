import {
  acceptInvitationSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationSchema,
  meSchema,
} from '@fieldplan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { appBaseUrl } from '../../http/app-origin.js';
import { enforceLimit, publicLinkRequestsPerMinute } from '../../http/rate-limit.js';
import { idParams, memberRoute, wsParams } from '../../http/versioned-routes.js';
import { getMe } from '../auth/index.js';
import { acceptInvitation, createInvitation, getInvitations, previewInvitation, revokeInvitation } from './service.js';

const tokenParams = z.object({ token: z.string() });

export function invitationRoutes(fastify: FastifyInstance, { db, sessions, limiter, limits, config }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['invitations'];
  const baseUrl = (request: FastifyRequest) => appBaseUrl(config, request);

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/invitations',
    schema: { tags, params: wsParams, response: { 200: z.array(invitationSchema) } },
    allow: ['members.manage', 'see invitations'],
    run: async (actor) => {
      return getInvitations(db.kysely, actor.workspaceId);
    },
  });

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/invitations',
    schema: { tags, params: wsParams, body: invitationCreateSchema, response: { 201: invitationSchema } },
    allow: ['members.manage', 'invite people'],
    run: async (actor, request, reply) => {
      return reply.code(201).send(await createInvitation(db.kysely, actor, request.body, baseUrl(request)));
    },
  });

  memberRoute(app, db, {
    method: 'DELETE',
    url: '/api/v1/workspaces/:ws/invitations/:id',
    schema: { tags, params: idParams },
    allow: ['members.manage', 'withdraw invitations'],
    run: async (actor, request, reply) => {
      await revokeInvitation(db.kysely, actor, request.params.id);
      return reply.code(204).send();
    },
  });

  app.get(
    '/api/v1/invitations/:token',
    { schema: { tags, params: tokenParams, response: { 200: invitationPreviewSchema } } },
    async (request) => {
      // Public (the invitee has no session yet): limited per address like the other token links.
      await enforceLimit(limiter, `invite-preview:${request.ip}`, publicLinkRequestsPerMinute);
      return previewInvitation(db.kysely, request.params.token);
    },
  );

  app.post(
    '/api/v1/invitations/:token/accept',
    { schema: { tags, params: tokenParams, body: acceptInvitationSchema, response: { 200: meSchema } } },
    async (request, reply) => {
      const current = request.session?.user ?? null;
      const { user } = await acceptInvitation(
        db.kysely,
        limiter,
        limits.signInPerMinute,
        request.params.token,
        request.body,
        current,
      );
      if (current?.id !== user.id) await sessions.start(reply, user.id, request.session);
      return getMe(db.kysely, user);
    },
  );
}
