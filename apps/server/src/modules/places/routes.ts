import {
  placeLabelsQuerySchema,
  placeLabelsSchema,
  placesNoticeHeader,
  placesQuerySchema,
  placesSchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { fastSerializerCompiler } from '../../http/fast-serializer.js';
import { requireUser } from '../../http/session.js';
import { customerMatchCache } from '../customers/index.js';
import { cityIndex } from './city-index.js';
import { geocoderLanguage } from './geocoder/from-config.js';
import { sharedGeocoder } from './place-address.js';
import { type PlacesAnswer, searchPlaces } from './service.js';

/** A search for a public page (the booking page): cities and the geocoder only, never customers. */
export type PublicPlaceSearch = (
  q: string,
  acceptLanguage: string | undefined,
  caller: string,
) => Promise<PlacesAnswer>;

/**
 * The built-in places search behind every address field when no Google key is configured. Returns
 * the same search for public pages, sharing this process's geocoder and its politeness limits.
 */
export function placeRoutes(fastify: FastifyInstance, { db, config }: Deps): { searchPublic: PublicPlaceSearch } {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const geocoder = sharedGeocoder(config, (reason) => fastify.log.warn({ reason }, 'geocoder request failed'));
  fastify.addHook('onClose', async () => geocoder?.close());
  // This process's lists of searched workspaces' customers (docs/adr/0037-customer-match-cache.md).
  const customerMatches = customerMatchCache();

  app.get(
    '/api/v1/places',
    {
      schema: {
        tags: ['places'],
        description:
          'World cities (GeoNames, ≥ 1,000 people) by name prefix and population, streets and places from ' +
          'the configured OpenStreetMap geocoder (GEOCODER_URL), plus the customer addresses of workspace ' +
          '`ws` when you are a member of it (its map centre then ranks nearer places first); at most 10, ' +
          'best first, duplicates removed. When the geocoder could not be used the answer is the built-in ' +
          'index alone and the `Fieldplan-Notice` header says why: `geocoder_unavailable` (unreachable or ' +
          'failing) or `geocoder_busy` (no request slot in time: the public geocoder allows 1 request a second).',
        querystring: placesQuerySchema,
        response: { 200: placesSchema },
      },
      // Asked on every keystroke pause: the answer is written by a compiled serializer, not zod.
      serializerCompiler: fastSerializerCompiler,
    },
    async (request, reply) => {
      const user = requireUser(request);
      const lang = geocoderLanguage(request.headers['accept-language'], config.GEOCODER_KIND);
      const { places, notice } = await searchPlaces(
        db.kysely,
        { userId: user.id, q: request.query.q, workspaceId: request.query.ws, lang },
        geocoder,
        customerMatches,
      );
      if (notice) reply.header(placesNoticeHeader, notice);
      return places;
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
      serializerCompiler: fastSerializerCompiler,
    },
    async (request) => {
      requireUser(request);
      return (await cityIndex()).index
        .labels(request.query)
        .map((c) => ({ id: `city:${c.id}`, name: c.name, lat: c.lat, lng: c.lng, population: c.population }));
    },
  );

  return {
    // No workspace: a public caller sees no customer addresses. `caller` keys the geocoder's queue per person.
    searchPublic: (q, acceptLanguage, caller) =>
      searchPlaces(
        db.kysely,
        { userId: `public:${caller}`, q, lang: geocoderLanguage(acceptLanguage, config.GEOCODER_KIND) },
        geocoder,
      ),
  };
}
