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
import type { Deps } from '../../deps.js';
import { idParams, memberRoute, versionedRoutes } from '../../http/versioned-routes.js';
import type { JobPageRead } from './jobs-read.js';
import { createCustomer, deleteCustomer, getCustomer, getCustomers, updateCustomer } from './service.js';

const path = '/api/v1/workspaces/:ws/customers';
const tags = ['customers'];

/** `jobsOf`: the jobs module's page of jobs, for a customer's jobs (app.ts hands it in). */
export function customerRoutes(fastify: FastifyInstance, { db }: Deps, jobsOf: JobPageRead) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  versionedRoutes(app, db, {
    path,
    tags,
    ifMatch: 'Send `If-Match: <version>`; a stale version answers 412 version_conflict with the current customer.',
    item: customerSchema,
    read: 'schedule.read',
    write: 'schedule.write',
    noun: 'customers',
    list: { query: customerListQuerySchema, response: customerPageSchema, run: getCustomers },
    create: { body: customerCreateSchema, run: createCustomer },
    get: { run: getCustomer },
    patch: { body: customerPatchSchema, run: updateCustomer },
    remove: { run: deleteCustomer },
  });

  memberRoute(app, db, {
    method: 'GET',
    url: `${path}/:id/jobs`,
    schema: {
      tags,
      params: idParams,
      querystring: pageQuerySchema,
      response: { 200: jobPageSchema },
    },
    allow: ['schedule.read', 'see jobs'],
    run: async (actor, request) => {
      await getCustomer(db.kysely, actor, request.params.id);
      return jobsOf(db.kysely, actor, { ...request.query, customerId: request.params.id });
    },
  });
}
