import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.js';
import { requireUser } from '../../http/session.js';
import { wsParams } from '../../http/versioned-routes.js';
import { requireMember } from '../../http/workspace-access.js';

/** The error the fault routes throw: unexpected, like a bug, so it becomes a reported 500. */
export class InjectedFault extends Error {
  override name = 'InjectedFault';
}

/**
 * Tests only (FIELDPLAN_FAULT_INJECTION=1): routes that fail the way a bug would. The message names
 * the caller's email on purpose, so tests can show it never reaches a report or a log line.
 */
export function faultRoutes(fastify: FastifyInstance, { db }: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Not part of the API: left out of its document (and of the operations table).
  const tags = ['debug'];
  const hide = true;

  // A request that takes a while (up to 30 s): what a stop must let finish.
  app.get(
    '/api/v1/debug/slow',
    {
      schema: {
        tags,
        hide,
        summary: 'Answers after ?ms= milliseconds (fault injection)',
        querystring: z.object({ ms: z.coerce.number().int().min(0).max(30_000) }),
      },
    },
    async (request) => {
      await new Promise((resolve) => setTimeout(resolve, request.query.ms));
      return { waited: request.query.ms };
    },
  );

  app.get(
    '/api/v1/debug/fail',
    { schema: { tags, hide, summary: 'Fails with a 500 (fault injection)' } },
    async (request) => {
      throw new InjectedFault(`Injected fault for ${request.session?.user.email ?? 'a signed-out caller'}`);
    },
  );

  app.get(
    '/api/v1/workspaces/:ws/debug/fail',
    {
      schema: {
        tags,
        hide,
        summary: 'Fails with a 500 in a workspace (fault injection)',
        params: wsParams,
      },
    },
    async (request) => {
      const user = requireUser(request);
      await requireMember(db, request, request.params.ws);
      throw new InjectedFault(`Injected fault for ${user.email} in workspace ${request.params.ws}`);
    },
  );
}
