import type { FastifyInstance } from 'fastify';
import { fieldError, notFound } from '../errors/app-error.js';
import { defineMessages } from '../i18n/index.js';
import { text } from './problem-text.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  field: { id: 'problems.nul.field' },
  body: { id: 'problems.nul.body' },
});

/** A value still to look at, with the keys that lead to it as a chain (nothing copied per level). */
interface Pending {
  value: unknown;
  key: string;
  parent: Pending | null;
}

const pathOf = (at: Pending): string => {
  const keys: string[] = [];
  for (let p: Pending | null = at; p?.parent; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
};

const isStream = (value: object) => typeof (value as { pipe?: unknown }).pipe === 'function';

/**
 * The dotted path of the first string holding a NUL character, or null. Walks with an explicit
 * stack: a deeply nested value can't overflow the call stack or cost a path copy per level.
 */
function nulPath(root: unknown): string | null {
  const stack: Pending[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const at = stack.pop() as Pending;
    const { value } = at;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(at);
    } else if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value) && !isStream(value)) {
      // Raw bytes (the monitoring tunnel's envelopes) are never stored as text: not walked byte by byte.
      // A streamed body (the import's upload) is read by its route; its object graph (socket, cycles) is not walked.
      // Pushed in reverse so the first key is looked at first, as before.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i] as [string, unknown];
        stack.push({ value: inner, key, parent: at });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL (U+0000), so such input would fail deep in a query as a 500.
 * It is refused up front on every route: in a path parameter (no id contains one) as 404, in the
 * query or body as a 400 on that field.
 */
export function registerNulGuard(app: FastifyInstance): void {
  // Callback style (no promise per request); a throw is answered as the 404 or 400.
  app.addHook('preValidation', (request, _reply, done) => {
    if (nulPath(request.params) !== null) throw notFound();
    for (const part of [request.query, request.body]) {
      const path = nulPath(part);
      if (path !== null) throw fieldError(path, path ? text(refusals.field, { field: path }) : text(refusals.body));
    }
    done();
  });
}
