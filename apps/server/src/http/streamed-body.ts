import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodApp } from './versioned-routes.js';

/**
 * Routes whose request body of `contentType` (`*`: any) is handed to them as the raw request stream, to be
 * streamed to a file: the parser is registered in this scope only, so no other route reads such a body.
 */
export function streamedBodyRoutes(fastify: FastifyInstance, contentType: string, routes: (app: ZodApp) => void) {
  fastify.register(async (scope) => {
    scope.addContentTypeParser(contentType, (_request, payload, done) => done(null, payload));
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
