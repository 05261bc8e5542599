import type { FastifyInstance } from 'fastify';
import { fieldError, notFound } from './app-error.js';

/** The dotted path of the first string holding a NUL character, or null. */
function nulPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = nulPath(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000), so such input would fail deep in a query as a 500.
 * It is refused up front on every route: in a path parameter (no id contains one) as 404, in the
 * query or body as a 400 on that field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (nulPath(request.params) !== null) throw notFound();
    for (const part of [request.query, request.body]) {
      const path = nulPath(part);
      if (path !== null) throw fieldError(path, `${path || 'The body'} must not contain NUL characters`);
    }
  });
}
