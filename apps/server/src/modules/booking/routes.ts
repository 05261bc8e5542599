import {
  bookingDeclineSchema,
  bookingRequestListQuerySchema,
  bookingRequestListSchema,
  bookingRequestSchema,
  bookingServiceCreateSchema,
  bookingServiceListSchema,
  bookingServicePatchSchema,
  bookingServiceSchema,
  bookingSettingsInputSchema,
  bookingSettingsSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { decideRequest, listRequests } from './requests.js';
import { createService, deleteService, getServices, updateService } from './services.js';
import { getBookingSettings, saveBookingSettings } from './settings.js';

const wsParams = z.object({ ws: z.string() });
const idParams = z.object({ ws: z.string(), id: z.string() });

/** The office's side of online booking: settings, services, requests (owner and dispatcher only). */
export function bookingRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['booking'];

  app.get(
    '/api/v1/workspaces/:ws/booking/settings',
    { schema: { tags, params: wsParams, response: { 200: bookingSettingsSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'booking.manage', 'see booking settings');
      const settings = await getBookingSettings(db.kysely, actor.workspaceId, config.appOrigin);
      setEtag(reply, settings.version);
      return settings;
    },
  );

  app.put(
    '/api/v1/workspaces/:ws/booking/settings',
    {
      schema: {
        tags,
        description: 'Send `If-Match: <version>` (0 before the first save); a stale version is 412.',
        params: wsParams,
        body: bookingSettingsInputSchema,
        response: { 200: bookingSettingsSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'booking.manage', 'change booking settings');
      const version = ifMatchVersion(request.headers['if-match']);
      const settings = await saveBookingSettings(db.kysely, actor, version, request.body, config.appOrigin);
      setEtag(reply, settings.version);
      return settings;
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/booking/services',
    { schema: { tags, params: wsParams, response: { 200: bookingServiceListSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'booking.manage', 'see booking services');
      return getServices(db.kysely, actor);
    },
  );

  app.post(
    '/api/v1/workspaces/:ws/booking/services',
    {
      schema: {
        tags,
        description: 'Technicians must be active technicians of the workspace (none listed: every one).',
        params: wsParams,
        body: bookingServiceCreateSchema,
        response: { 201: bookingServiceSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'booking.manage', 'change booking services');
      const service = await createService(db.kysely, actor, request.body);
      setEtag(reply, service.version);
      return reply.code(201).send(service);
    },
  );

  app.patch(
    '/api/v1/workspaces/:ws/booking/services/:id',
    {
      schema: {
        tags,
        description: 'Send `If-Match: <version>`; a stale version is 412 with the service as it is.',
        params: idParams,
        body: bookingServicePatchSchema,
        response: { 200: bookingServiceSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'booking.manage', 'change booking services');
      const version = ifMatchVersion(request.headers['if-match']);
      const service = await updateService(db.kysely, actor, request.params.id, version, request.body);
      setEtag(reply, service.version);
      return service;
    },
  );

  app.delete(
    '/api/v1/workspaces/:ws/booking/services/:id',
    {
      schema: {
        tags,
        description:
          '`If-Match: <version>` is optional: when sent, a stale version is 412. Requests keep the service name.',
        params: idParams,
      },
    },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'booking.manage', 'change booking services');
      const header = request.headers['if-match'];
      await deleteService(db.kysely, actor, request.params.id, header === undefined ? null : ifMatchVersion(header));
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/booking/requests',
    {
      schema: {
        tags,
        description:
          '`status=pending` (default): waiting for a decision, oldest first; `all`: newest first, at most 200. ' +
          'Requests whose hold has run out are expired first.',
        params: wsParams,
        querystring: bookingRequestListQuerySchema,
        response: { 200: bookingRequestListSchema },
      },
    },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'booking.manage', 'see booking requests');
      return listRequests(db.kysely, actor, request.query.status);
    },
  );

  for (const outcome of ['confirm', 'decline'] as const) {
    app.post(
      `/api/v1/workspaces/:ws/booking/requests/:id/${outcome}`,
      {
        schema: {
          tags,
          description:
            outcome === 'confirm'
              ? 'Send `If-Match: <version>`. The job stays scheduled and the customer gets the booking confirmation. ' +
                '410 `gone` when the job was deleted.'
              : 'Send `If-Match: <version>`. The job is cancelled (the slot is free again) and the customer is told. ' +
                '410 `gone` when the job was deleted.',
          params: idParams,
          ...(outcome === 'decline' && { body: bookingDeclineSchema.nullish() }),
          response: { 200: bookingRequestSchema },
        },
      },
      async (request, reply) => {
        const actor = await requireMember(db, request, request.params.ws);
        authorize(actor, 'booking.manage', `${outcome} booking requests`);
        const version = ifMatchVersion(request.headers['if-match']);
        const body = request.body as { reason?: string } | null | undefined;
        const decided = await decideRequest(db.kysely, actor, request.params.id, version, {
          outcome: outcome === 'confirm' ? 'confirmed' : 'declined',
          reason: body?.reason || undefined,
        });
        setEtag(reply, decided.version);
        return decided;
      },
    );
  }
}
