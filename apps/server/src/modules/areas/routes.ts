import { areaCreateSchema, areaListSchema, areaPatchSchema, areaSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { versionedRoutes } from '../../http/versioned-routes.js';
import { createArea, deleteArea, getArea, getAreas, updateArea } from './service.js';

/** Service areas (docs/PRODUCT.md, "Entities and fields"): polygons and circles every member sees, dispatchers edit. */
export function areaRoutes(fastify: FastifyInstance, { db }: Deps) {
  versionedRoutes(fastify.withTypeProvider<ZodTypeProvider>(), db, {
    path: '/api/v1/workspaces/:ws/areas',
    tags: ['areas'],
    ifMatch: 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current area.',
    item: areaSchema,
    read: 'schedule.read',
    write: 'schedule.write',
    noun: 'service areas',
    list: { response: areaListSchema, run: getAreas },
    create: { body: areaCreateSchema, run: createArea },
    get: { run: getArea },
    patch: { body: areaPatchSchema, run: updateArea },
    remove: { run: deleteArea },
  });
}
