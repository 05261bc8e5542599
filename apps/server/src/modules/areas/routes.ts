import { areaCreateSchema, areaListSchema, areaPatchSchema, areaSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { createArea, deleteArea, getArea, getAreas, updateArea } from './service.js';

const wsParams = z.object({ ws: z.string() });
const params = z.object({ ws: z.string(), id: z.string() });
const ifMatch = 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current area.';

/** Service areas (docs/PRODUCT.md, "Entities and fields"): polygons and circles every member sees, dispatchers edit. */
export function areaRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['areas'];

  app.get(
    '/api/v1/workspaces/:ws/areas',
    { schema: { tags, params: wsParams, response: { 200: areaListSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see service areas');
      return getAreas(db.kysely, actor);
    },
  );

  app.post(
    '/api/v1/workspaces/:ws/areas',
    { schema: { tags, params: wsParams, body: areaCreateSchema, response: { 201: areaSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'create service areas');
      const area = await createArea(db.kysely, actor, request.body);
      setEtag(reply, area.version);
      return reply.code(201).send(area);
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/areas/:id',
    { schema: { tags, params, response: { 200: areaSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see service areas');
      const area = await getArea(db.kysely, actor, request.params.id);
      setEtag(reply, area.version);
      return area;
    },
  );

  app.patch(
    '/api/v1/workspaces/:ws/areas/:id',
    { schema: { tags, description: ifMatch, params, body: areaPatchSchema, response: { 200: areaSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'edit service areas');
      const version = ifMatchVersion(request.headers['if-match']);
      const area = await updateArea(db.kysely, actor, request.params.id, version, request.body);
      setEtag(reply, area.version);
      return area;
    },
  );

  app.delete(
    '/api/v1/workspaces/:ws/areas/:id',
    { schema: { tags, description: ifMatch, params } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'delete service areas');
      const version = ifMatchVersion(request.headers['if-match']);
      await deleteArea(db.kysely, actor, request.params.id, version);
      return reply.code(204).send();
    },
  );
}
