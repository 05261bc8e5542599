import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { sessionCookieName } from '../session.js';
import { completeDocument } from './document.js';

export { registerSessionGate } from './session-gate.js';

/**
 * The OpenAPI document (`GET /api/openapi.json`): built from the routes' zod schemas, then
 * completed from the operations table. Register before the routes.
 */
export async function registerApiDocument(app: FastifyInstance, info: { version: string }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Fieldplan API',
        version: info.version,
        description:
          'Fieldplan schedules and dispatches field work: customers, jobs and their visits on a calendar and a map, ' +
          'the work recorded on each visit, online booking and customer notifications. Sign in for a session ' +
          'cookie; errors are problem+json with a `code` from one catalogue.',
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      },
      // Relative: the document describes whichever installation serves it.
      servers: [{ url: '/', description: 'This Fieldplan installation' }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: sessionCookieName(false) } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: completeDocument,
  });
}
