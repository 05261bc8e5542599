import type { FastifyInstance } from 'fastify';
import { requireUser } from '../session.js';
import { operationKey, operations } from './operations.js';

/**
 * Answers 401 before the body is read for every operation the table does not mark public, so the
 * document's `security` is the server's behaviour (and an anonymous caller learns nothing from
 * validation). Runs after the onRequest hooks, which look the session up.
 */
export function registerSessionGate(app: FastifyInstance): void {
  // Whether each route needs a session, worked out on its first request (routes are fixed once built).
  const needsSession = new Map<string, boolean>();
  // Callback style (no promise per request); requireUser's throw is the 401.
  app.addHook('preParsing', (request, _reply, _payload, done) => {
    const { method, url } = request.routeOptions;
    if (!url || typeof method !== 'string') return done();
    const route = `${method} ${url}`;
    let needed = needsSession.get(route);
    if (needed === undefined) {
      // HEAD is answered by the GET route.
      const facts = operations[operationKey(method === 'HEAD' ? 'GET' : method, url)];
      needed = facts !== undefined && (facts.access ?? 'session') === 'session';
      needsSession.set(route, needed);
    }
    if (needed) requireUser(request);
    done();
  });
}
