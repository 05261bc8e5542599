import { notificationSchema, notificationSettingsInputSchema, notificationSettingsSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { idParams, memberRoute, versionedSettings, wsParams } from '../../http/versioned-routes.js';
import { listOptOuts, setOptOut } from './optouts.js';
import { type Channels, getSettings, jobNotifications, resendNotification, saveSettings } from './service.js';

const rowParams = z.object({ ws: z.string(), id: z.string(), notificationId: z.string() });
const customerParams = z.object({ ws: z.string(), customerId: z.string() });
const optOutSchema = z.object({ customerId: z.string(), since: z.string() });

/** Settings and templates (the owner), a job's notifications and resending one (the office). */
export function notificationRoutes(fastify: FastifyInstance, deps: Deps, channels: Channels) {
  const { db } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  versionedSettings(app, db, {
    url: '/api/v1/workspaces/:ws/notification-settings',
    tags,
    description:
      'Send `If-Match: <version>` (0 before the first save). A template naming an unknown placeholder is 400 at its path.',
    response: notificationSettingsSchema,
    body: notificationSettingsInputSchema,
    read: ['notifications.read', 'see notification settings'],
    write: ['notifications.manage', 'change notification settings'],
    load: (actor) => getSettings(db.kysely, actor, channels),
    save: (actor, version, body) => saveSettings(db.kysely, actor, version, body, channels),
  });

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/jobs/:id/notifications',
    schema: { tags, params: idParams, response: { 200: z.array(notificationSchema) } },
    allow: ['notifications.read', "see a job's notifications"],
    run: (actor, request) => jobNotifications(db.kysely, actor, request.params.id),
  });

  memberRoute(app, db, {
    method: 'POST',
    url: '/api/v1/workspaces/:ws/jobs/:id/notifications/:notificationId/resend',
    schema: { tags, params: rowParams, response: { 201: notificationSchema } },
    allow: ['notifications.resend', 'resend notifications'],
    run: async (actor, request, reply) => {
      const row = await resendNotification(db.kysely, actor, request.params.id, request.params.notificationId);
      return reply.code(201).send(row);
    },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/notification-optouts',
    schema: { tags, params: wsParams, response: { 200: z.array(optOutSchema) } },
    allow: ['notifications.read', 'see who gets no notifications'],
    run: (actor) => listOptOuts(db.kysely, actor),
  });

  for (const [method, out] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    memberRoute(app, db, {
      method,
      url: '/api/v1/workspaces/:ws/notification-optouts/:customerId',
      schema: { tags, params: customerParams },
      allow: ['notifications.resend', "change a customer's notifications"],
      run: async (actor, request, reply) => {
        await setOptOut(db.kysely, actor, request.params.customerId, out);
        return reply.code(204).send();
      },
    });
  }
}
