import { slotSuggestionsSchema, suggestQuerySchema } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { authorize, requireMember } from '../../http/workspace-access.js';
import { travelProviderOf } from './context.js';
import { suggestForJob } from './suggest.js';

/** Travel-aware scheduling (issue 9): suggested slots for an unscheduled job. */
export function travelRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const provider = travelProviderOf(deps.config);
  app.get(
    '/api/v1/workspaces/:ws/jobs/:id/suggestions',
    {
      schema: {
        tags: ['jobs'],
        description:
          'The three best (technician, start) options for an unscheduled job by added drive time, within the ' +
          'working hours and around existing jobs and busy time; `source` says where drive times came from.',
        params: z.object({ ws: z.string(), id: z.string() }),
        querystring: suggestQuerySchema,
        response: { 200: slotSuggestionsSchema },
      },
    },
    async (request, reply) => {
      const actor = await requireMember(deps.db, request, request.params.ws);
      authorize(actor, 'schedule.write', 'schedule jobs');
      reply.header('cache-control', 'private, no-cache');
      return suggestForJob(deps.db.kysely, provider, actor, request.params.id, request.query);
    },
  );
}
