import { workspacePatchSchema, workspaceSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.js';
import { memberRoute, wsParams } from '../../http/versioned-routes.js';
import { getWorkspace, updateWorkspace } from './service.js';

export function workspaceRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  memberRoute(app, db, {
    method: 'GET',
    url: '/api/v1/workspaces/:ws',
    schema: { tags: ['workspaces'], params: wsParams, response: { 200: workspaceSchema } },
    run: async (actor) => {
      return getWorkspace(db.kysely, actor.workspaceId);
    },
  });

  memberRoute(app, db, {
    method: 'PATCH',
    url: '/api/v1/workspaces/:ws',
    schema: {
      tags: ['workspaces'],
      params: wsParams,
      body: workspacePatchSchema,
      response: { 200: workspaceSchema },
    },
    allow: ['workspace.manage', 'change workspace settings'],
    run: async (actor, request) => {
      return updateWorkspace(db.kysely, actor, request.body);
    },
  });
}
