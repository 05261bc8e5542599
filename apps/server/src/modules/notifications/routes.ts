import { notificationSchema, notificationSettingsInputSchema, notificationSettingsSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { listOptOuts, setOptOut } from './optouts.js';
import { type Channels, getSettings, jobNotifications, resendNotification, saveSettings } from './service.js';

const wsParams = z.object({ ws: z.string() });
const jobParams = z.object({ ws: z.string(), id: z.string() });
const rowParams = z.object({ ws: z.string(), id: z.string(), notificationId: z.string() });
const customerParams = z.object({ ws: z.string(), customerId: z.string() });
const optOutSchema = z.object({ customerId: z.string(), since: z.string() });

/** Settings and templates (the owner), a job's notifications and resending one (the office). */
export function notificationRoutes(fastify: FastifyInstance, deps: Deps, channels: Channels) {
  const { db } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  app.get(
    '/api/v1/workspaces/:ws/notification-settings',
    { schema: { tags, params: wsParams, response: { 200: notificationSettingsSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'notifications.read', 'see notification settings');
      const settings = await getSettings(db.kysely, actor, channels);
      setEtag(reply, settings.version);
      return settings;
    },
  );

  app.put(
    '/api/v1/workspaces/:ws/notification-settings',
    {
      schema: {
        tags,
        description:
          'Send `If-Match: <version>` (0 before the first save). A template naming an unknown placeholder is 400 at its path.',
        params: wsParams,
        body: notificationSettingsInputSchema,
        response: { 200: notificationSettingsSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'notifications.manage', 'change notification settings');
      const version = ifMatchVersion(request.headers['if-match']);
      const settings = await saveSettings(db.kysely, actor, version, request.body, channels);
      setEtag(reply, settings.version);
      return settings;
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/jobs/:id/notifications',
    { schema: { tags, params: jobParams, response: { 200: z.array(notificationSchema) } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'notifications.read', "see a job's notifications");
      return jobNotifications(db.kysely, actor, request.params.id);
    },
  );

  app.post(
    '/api/v1/workspaces/:ws/jobs/:id/notifications/:notificationId/resend',
    { schema: { tags, params: rowParams, response: { 201: notificationSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'notifications.resend', 'resend notifications');
      const row = await resendNotification(db.kysely, actor, request.params.id, request.params.notificationId);
      return reply.code(201).send(row);
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/notification-optouts',
    { schema: { tags, params: wsParams, response: { 200: z.array(optOutSchema) } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'notifications.read', 'see who gets no notifications');
      return listOptOuts(db.kysely, actor);
    },
  );

  for (const [method, out] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/api/v1/workspaces/:ws/notification-optouts/:customerId',
      schema: { tags, params: customerParams },
      handler: async (request, reply) => {
        const actor = await requireMember(db, request, request.params.ws);
        authorize(actor, 'notifications.resend', "change a customer's notifications");
        await setOptOut(db.kysely, actor, request.params.customerId, out);
        return reply.code(204).send();
      },
    });
  }
}
