import { workspacePatchSchema, workspaceSchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { getWorkspace, updateWorkspace } from './service.js';

export const wsParams = z.object({ ws: z.string() });

export function workspaceRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/workspaces/:ws',
    { schema: { tags: ['workspaces'], params: wsParams, response: { 200: workspaceSchema } } },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      return getWorkspace(db.kysely, actor.workspaceId);
    },
  );

  app.patch(
    '/api/v1/workspaces/:ws',
    {
      schema: {
        tags: ['workspaces'],
        params: wsParams,
        body: workspacePatchSchema,
        response: { 200: workspaceSchema },
      },
    },
    async (request) => {
      const actor = await requireMember(db, request, request.params.ws);
      authorize(actor, 'workspace.manage', 'change workspace settings');
      return updateWorkspace(db.kysely, actor, request.body);
    },
  );
}
