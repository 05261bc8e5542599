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
import type { Deps } from '../../deps.js';
import {
  type Allow,
  idParams,
  memberRoute,
  versionedRoutes,
  versionedSettings,
  withEtag,
  wsParams,
} from '../../http/versioned-routes.js';
import { ifMatchVersion } from '../../http/versioning.js';
import { decideRequest, listRequests } from './requests.js';
import { createService, deleteService, getServices, updateService } from './services.js';
import { getBookingSettings, saveBookingSettings } from './settings.js';

/** The office's side of online booking: settings, services, requests (owner and dispatcher only). */
export function bookingRoutes(fastify: FastifyInstance, deps: Deps) {
  const { db, config } = deps;
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['booking'];

  versionedSettings(app, db, {
    url: '/api/v1/workspaces/:ws/booking/settings',
    tags,
    description: 'Send `If-Match: <version>` (0 before the first save); a stale version is 412.',
    response: bookingSettingsSchema,
    body: bookingSettingsInputSchema,
    read: ['booking.manage', 'see booking settings'],
    write: ['booking.manage', 'change booking settings'],
    load: (actor) => getBookingSettings(db.kysely, actor.workspaceId, config.appOrigin),
    save: (actor, version, body) => saveBookingSettings(db.kysely, actor, version, body, config.appOrigin),
  });

  const change: Allow = ['booking.manage', 'change booking services'];
  versionedRoutes(app, db, {
    path: '/api/v1/workspaces/:ws/booking/services',
    tags,
    ifMatch: 'Send `If-Match: <version>`; a stale version is 412 with the service as it is.',
    item: bookingServiceSchema,
    read: 'booking.manage',
    write: 'booking.manage',
    noun: 'booking services',
    list: { response: bookingServiceListSchema, run: getServices },
    create: {
      description: 'Technicians must be active technicians of the workspace (none listed: every one).',
      allow: change,
      body: bookingServiceCreateSchema,
      run: createService,
    },
    patch: { allow: change, body: bookingServicePatchSchema, run: updateService },
    remove: {
      description:
        '`If-Match: <version>` is optional: when sent, a stale version is 412. Requests keep the service name.',
      allow: change,
      optionalIfMatch: true,
      run: deleteService,
    },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws/booking/requests',
    schema: {
      tags,
      description:
        '`status=pending` (default): waiting for a decision, oldest first; `all`: newest first, at most 200. ' +
        'Requests whose hold has run out are expired first.',
      params: wsParams,
      querystring: bookingRequestListQuerySchema,
      response: { 200: bookingRequestListSchema },
    },
    allow: ['booking.manage', 'see booking requests'],
    run: (actor, request) => listRequests(db.kysely, actor, request.query.status),
  });

  for (const outcome of ['confirm', 'decline'] as const) {
    memberRoute(app, db, {
      method: 'POST',
      url: `/api/v1/workspaces/:ws/booking/requests/:id/${outcome}`,
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
      allow: ['booking.manage', `${outcome} booking requests`],
      run: async (actor, request, reply) => {
        const body = request.body as { reason?: string } | null | undefined;
        const decided = await decideRequest(
          db.kysely,
          actor,
          request.params.id,
          ifMatchVersion(request.headers['if-match']),
          {
            outcome: outcome === 'confirm' ? 'confirmed' : 'declined',
            reason: body?.reason || undefined,
          },
        );
        return withEtag(reply, decided);
      },
    });
  }
}
