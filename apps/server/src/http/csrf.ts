import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import { defineMessages } from '../i18n/index.js';
import { text } from './problem-text.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  crossOrigin: { id: 'problems.detail.crossOrigin' },
});

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin a request came from: `Origin`, else the origin of `Referer`, else null. */
function requestOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  if (origin === 'null') return 'null';
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/** An origin in its serialised form (`http://host:80` and `http://host` are the same origin). */
function normalizeOrigin(origin: string): string {
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

/**
 * A state-changing request that carries the session cookie must come from the app's own origin
 * (PUBLIC_URL's, or the Host the request was sent to). Requests without the cookie can't ride on
 * a victim's session, so they pass (sign-in itself is protected by SameSite=Lax and rate limits).
 */
export function registerCsrfCheck(app: FastifyInstance, opts: { cookieName: string; appOrigin: string | null }) {
  // Callback style (no promise per request); a throw here is answered as the refusal.
  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method) || !request.cookies[opts.cookieName]) return done();
    const origin = requestOrigin(request);
    const expected = opts.appOrigin ?? `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin === null || normalizeOrigin(origin) !== normalizeOrigin(expected)) {
      throw new AppError('forbidden', text(refusals.crossOrigin));
    }
    done();
  });
}
