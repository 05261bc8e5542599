import type { FastifyInstance } from 'fastify';
import { requireUser } from '../session.js';
import { operationKey, operations } from './operations.js';

/**
 * Answers 401 before the body is read for every operation the table does not mark public, so the
 * document's `security` is the server's behaviour (and an anonymous caller learns nothing from
 * validation). Runs after the onRequest hooks, which look the session up.
 */
export function registerSessionGate(app: FastifyInstance): void {
  app.addHook('preParsing', async (request) => {
    const { method, url } = request.routeOptions;
    if (!url || typeof method !== 'string') return;
    // HEAD is answered by the GET route.
    const facts = operations[operationKey(method === 'HEAD' ? 'GET' : method, url)];
    if (facts && (facts.access ?? 'session') === 'session') requireUser(request);
  });
}
