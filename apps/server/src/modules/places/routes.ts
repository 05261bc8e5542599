import { placeLabelsQuerySchema, placeLabelsSchema, placesQuerySchema, placesSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/session.js';
import { cityIndex } from './city-index.js';
import { searchPlaces } from './service.js';

/** The built-in places search behind every address field when no Google key is configured. */
export function placeRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/places',
    {
      schema: {
        tags: ['places'],
        description:
          'World cities (GeoNames, ≥ 1,000 people) by name prefix and population, plus the customer ' +
          'addresses of workspace `ws` when you are a member of it; at most 10, best first.',
        querystring: placesQuerySchema,
        response: { 200: placesSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return searchPlaces(db.kysely, { userId: user.id, q: request.query.q, workspaceId: request.query.ws });
    },
  );

  app.get(
    '/api/v1/places/labels',
    {
      schema: {
        tags: ['places'],
        description:
          'Names of the largest places in a box, spread over it (at most 48): the offline base map draws them.',
        querystring: placeLabelsQuerySchema,
        response: { 200: placeLabelsSchema },
      },
    },
    async (request) => {
      requireUser(request);
      return (await cityIndex()).index
        .labels(request.query)
        .map((c) => ({ id: `city:${c.id}`, name: c.name, lat: c.lat, lng: c.lng, population: c.population }));
    },
  );
}
