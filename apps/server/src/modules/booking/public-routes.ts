import {
  placesNoticeHeader,
  placesQuerySchema,
  placesSchema,
  publicBookingPageSchema,
  publicBookingResultSchema,
  publicBookingSubmitSchema,
  publicChallengeSchema,
  publicSlotsRequestSchema,
  publicSlotsSchema,
} from '@fieldplan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { enforceLimit } from '../../http/rate-limit.js';
import type { PublicPlaceSearch } from '../places/index.js';
import { newChallenge, openPage, type PublicContext, publicPage, publicSlots } from './public.js';
import { decoyResult, submitRequest } from './submit.js';

/** Requests a minute per client address to each public booking route (docs/PRODUCT.md, "Limits"). */
export const publicBookingLimits = { page: 60, places: 60, slots: 30, challenge: 20, submit: 10 } as const;

const slugParams = z.object({ slug: z.string().max(80) });

/** The public booking page's API: no session, counted per client address, JSON bodies only. */
export function publicBookingRoutes(
  fastify: FastifyInstance,
  deps: Deps,
  ctx: PublicContext,
  places: PublicPlaceSearch,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['booking'];
  // Counted before the body is read or checked, so malformed requests count too.
  const limit = (name: keyof typeof publicBookingLimits, what: string) => async (request: FastifyRequest) =>
    enforceLimit(deps.limiter, `book:${name}:${request.ip}`, publicBookingLimits[name], what);
  const noStore = { 'cache-control': 'no-store' };

  app.get(
    '/api/public/book/:slug',
    {
      onRequest: limit('page', 'requests'),
      schema: {
        tags,
        description: 'The booking page of a workspace: 404 alike when there is none or its online booking is off.',
        params: slugParams,
        response: { 200: publicBookingPageSchema },
      },
    },
    async (request, reply) => {
      const page = await openPage(ctx.db, request.params.slug);
      reply.headers(noStore);
      return publicPage(ctx, page);
    },
  );

  app.get(
    '/api/public/book/:slug/places',
    {
      onRequest: limit('places', 'searches'),
      schema: {
        tags,
        description:
          'Address search for the booking page, as `GET /api/v1/places` answers it without customers: world ' +
          'cities and the configured geocoder (`Fieldplan-Notice` when it could not be used).',
        params: slugParams,
        querystring: placesQuerySchema.pick({ q: true }),
        response: { 200: placesSchema },
      },
    },
    async (request, reply) => {
      await openPage(ctx.db, request.params.slug);
      const { places: found, notice } = await places(request.query.q, request.headers['accept-language'], request.ip);
      if (notice) reply.header(placesNoticeHeader, notice);
      return found;
    },
  );

  app.post(
    '/api/public/book/:slug/slots',
    {
      onRequest: limit('slots', 'searches'),
      schema: {
        tags,
        description:
          'Times offered for a service at a site (seven days from `from`, within the horizon and min notice), ' +
          'each with a signed token. A site outside every service area is 400 at `address`, naming the phone.',
        params: slugParams,
        body: publicSlotsRequestSchema,
        response: { 200: publicSlotsSchema },
      },
    },
    async (request, reply) => {
      const page = await openPage(ctx.db, request.params.slug);
      reply.headers(noStore);
      return { slots: await publicSlots(ctx, page, request.body) };
    },
  );

  app.post(
    '/api/public/book/:slug/challenge',
    {
      onRequest: limit('challenge', 'requests'),
      schema: {
        tags,
        description:
          'A proof-of-work challenge: find `nonce` so that sha256(`challenge:nonce`) has `difficulty` leading ' +
          'zero bits, and send both with the request. Signed, valid 10 minutes, usable once.',
        params: slugParams,
        response: { 200: publicChallengeSchema },
      },
    },
    async (request, reply) => {
      const page = await openPage(ctx.db, request.params.slug);
      reply.headers(noStore);
      return newChallenge(ctx, page);
    },
  );

  app.post(
    '/api/public/book/:slug/requests',
    {
      onRequest: limit('submit', 'booking requests'),
      schema: {
        tags,
        description:
          'Request a booking: 201 with the request (`pending`, or `confirmed` when the workspace confirms at ' +
          'once). 409 `slot_taken` carries fresh `slots`; 400 names the field (a spent or wrong challenge: ' +
          '`challenge`); 429 when over the rate or the pending caps.',
        params: slugParams,
        body: publicBookingSubmitSchema,
        response: { 201: publicBookingResultSchema },
      },
    },
    async (request, reply) => {
      const page = await openPage(ctx.db, request.params.slug);
      const now = Date.now();
      if (request.body.website) {
        const service = (await publicPage(ctx, page)).services.find((s) => s.id === request.body.serviceId);
        return reply.code(201).send(decoyResult(service, now));
      }
      const result = await submitRequest(ctx, page, request.body, request.ip, now);
      return reply.code(201).send(result);
    },
  );
}
