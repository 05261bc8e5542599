import { can, type PresenceInfo, parseWorkspaceChannel, type Role } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.js';
import { forbidden } from '../errors/app-error.js';
import { requireUser } from '../http/session.js';
import type { RealtimePublisher } from './publisher.js';

/** What pusher-js posts (form-encoded by default); other fields it may add are ignored. */
const socketId = z.string().regex(/^\d{1,20}\.\d{1,20}$/, { error: 'Socket id must look like 123.456' });
const channelAuthBody = z.object({ socket_id: socketId, channel_name: z.string().min(1).max(200) });
const userAuthBody = z.object({ socket_id: socketId });
const channelAuthAnswer = z.object({ auth: z.string(), channel_data: z.string().optional() });
const userAuthAnswer = z.object({ auth: z.string(), user_data: z.string() });

async function activeMembership(db: Db, userId: string, workspaceId: string) {
  return db.kysely
    .selectFrom('memberships')
    .select(['role', 'colour'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
}

/**
 * `POST /api/realtime/auth` and `/user-auth` (docs/PRODUCT.md, "Roles and permissions" and "The API and realtime"): who may join which channel, decided
 * on every subscription from the database, so a removed member or a lowered role is refused at once.
 * Session and CSRF checks are the app's own onRequest hooks.
 */
export function realtimeAuthRoutes(fastify: FastifyInstance, db: Db, publisher: RealtimePublisher) {
  void fastify.register(async (scope) => {
    // pusher-js posts `application/x-www-form-urlencoded`; only these two routes accept it.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['realtime'];

    app.post(
      '/api/realtime/auth',
      { schema: { tags, body: channelAuthBody, response: { 200: channelAuthAnswer } } },
      async (request) => {
        const user = requireUser(request);
        const { socket_id, channel_name } = request.body;
        const channel = parseWorkspaceChannel(channel_name);
        if (!channel) throw forbidden('join this channel');
        const member = await activeMembership(db, user.id, channel.workspaceId);
        if (!member) throw forbidden('join this workspace’s channels');
        const role = member.role as Role;
        if (channel.kind === 'locations' && !can(role, 'locations.read.all')) {
          throw forbidden('see every technician’s live location');
        }
        if (channel.kind !== 'presence') {
          const bound = publisher.bindsPrivateChannels ? { user_id: user.id } : undefined;
          return publisher.authorizeChannel(socket_id, channel_name, bound);
        }
        const info: PresenceInfo = { name: user.name, role, colour: member.colour };
        return publisher.authorizeChannel(socket_id, channel_name, { user_id: user.id, user_info: info });
      },
    );

    app.post(
      '/api/realtime/user-auth',
      { schema: { tags, body: userAuthBody, response: { 200: userAuthAnswer } } },
      async (request) => {
        const user = requireUser(request);
        const any = await db.kysely
          .selectFrom('memberships')
          .select('id')
          .where('user_id', '=', user.id)
          .where('deactivated_at', 'is', null)
          .executeTakeFirst();
        if (!any) throw forbidden('use realtime without an active membership');
        // The user id is what terminate_connections finds a removed member's connections by.
        return publisher.authenticateUser(request.body.socket_id, { id: user.id, user_info: { name: user.name } });
      },
    );
  });
}
