import {
  customerCreateSchema,
  customerListQuerySchema,
  customerPageSchema,
  customerPatchSchema,
  customerSchema,
  jobPageSchema,
  pageQuerySchema,
} from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ifMatchVersion, setEtag } from '../../http/versioning.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import type { JobPageRead } from './jobs-read.js';
import { createCustomer, deleteCustomer, getCustomer, getCustomers, updateCustomer } from './service.js';

const wsParams = z.object({ ws: z.string() });
const params = z.object({ ws: z.string(), id: z.string() });
const ifMatch = 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current customer.';

/** `jobsOf`: the jobs module's page of jobs, for a customer's jobs (app.ts hands it in). */
export function customerRoutes(fastify: FastifyInstance, { db }: Deps, jobsOf: JobPageRead) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];

  app.get(
    '/api/v1/workspaces/:ws/customers',
    { schema: { tags, params: wsParams, querystring: customerListQuerySchema, response: { 200: customerPageSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see customers');
      return getCustomers(db.kysely, actor, request.query);
    },
  );

  app.post(
    '/api/v1/workspaces/:ws/customers',
    { schema: { tags, params: wsParams, body: customerCreateSchema, response: { 201: customerSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'create customers');
      const customer = await createCustomer(db.kysely, actor, request.body);
      setEtag(reply, customer.version);
      return reply.code(201).send(customer);
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/customers/:id',
    { schema: { tags, params, response: { 200: customerSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see customers');
      const customer = await getCustomer(db.kysely, actor, request.params.id);
      setEtag(reply, customer.version);
      return customer;
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/customers/:id/jobs',
    { schema: { tags, params, querystring: pageQuerySchema, response: { 200: jobPageSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.read', 'see jobs');
      await getCustomer(db.kysely, actor, request.params.id);
      return jobsOf(db.kysely, actor, { ...request.query, customerId: request.params.id });
    },
  );

  app.patch(
    '/api/v1/workspaces/:ws/customers/:id',
    { schema: { tags, description: ifMatch, params, body: customerPatchSchema, response: { 200: customerSchema } } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'edit customers');
      const version = ifMatchVersion(request.headers['if-match']);
      const customer = await updateCustomer(db.kysely, actor, request.params.id, version, request.body);
      setEtag(reply, customer.version);
      return customer;
    },
  );

  app.delete(
    '/api/v1/workspaces/:ws/customers/:id',
    { schema: { tags, description: ifMatch, params } },
    async (request, reply) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'delete customers');
      const version = ifMatchVersion(request.headers['if-match']);
      await deleteCustomer(db.kysely, actor, request.params.id, version);
      return reply.code(204).send();
    },
  );
}
