import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.js';
import { AppError, fieldError, notFound } from '../errors/app-error.js';
import { problem, sendProblem } from '../http/problem.js';
import { enforceLimit } from '../http/rate-limit.js';
import { envelopeUrl, parseDsn, sameDsn } from './dsn.js';
import { envelopeHeader, scrubEnvelope } from './envelope.js';

/**
 * 1 MB: Sentry's own limit for one event, so nothing the ingest would accept is refused here, while
 * one request can't make the server buffer more (the browser SDK sends no attachments or replays).
 */
export const tunnelBodyLimit = 1024 * 1024;
const forwardTimeoutMs = 10_000;

/**
 * `POST /api/monitoring`: the browser's Sentry envelopes, forwarded to the configured DSN's
 * ingest and nowhere else, personal data scrubbed again on the way. Works signed out; the app's CSRF
 * check applies as to any API write (a request with the session cookie must come from the app's
 * origin). The client's address is not passed on, so the ingest sees the server's.
 */
export function tunnelRoutes(fastify: FastifyInstance, { config, limiter }: Deps) {
  const dsn = config.SENTRY_DSN ? parseDsn(config.SENTRY_DSN) : null;
  const target = dsn ? envelopeUrl(dsn) : null;

  void fastify.register(async (scope) => {
    // Envelopes are newline-separated JSON sent as text/plain (or x-sentry-envelope), read as bytes.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: tunnelBodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    // Refused before the body is read: no DSN, or too many envelopes from this address.
    scope.addHook('onRequest', async (request: FastifyRequest) => {
      if (!dsn) throw notFound('Error reporting is not configured: this resource');
      await enforceLimit(limiter, `monitoring:${request.ip}`, config.SENTRY_TUNNEL_PER_MINUTE, 'error reports');
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/monitoring',
      { bodyLimit: tunnelBodyLimit, schema: { tags: ['monitoring'], summary: 'Sentry envelope tunnel' } },
      async (request, reply) => {
        const body = request.body;
        if (!dsn || !target) throw notFound();
        if (!Buffer.isBuffer(body) || body.length === 0) throw fieldError('', 'The body must be a Sentry envelope');
        const header = envelopeHeader(body);
        if (!header) throw fieldError('', 'The envelope has no JSON header line');
        const given = typeof header.dsn === 'string' ? parseDsn(header.dsn) : null;
        if (!given || !sameDsn(given, dsn)) {
          throw new AppError('forbidden', 'Only envelopes for this installation’s error reporting are forwarded');
        }
        // Scrubbed here too: the browser's own scrubbing is only as good as the client that sent it.
        const scrubbed = scrubEnvelope(body);
        if (!scrubbed) throw fieldError('', 'The envelope is malformed');
        return forward(request, reply, target, scrubbed);
      },
    );
  });
}

/** Posts the envelope to the ingest; its answer (or its rate limit) goes back to the SDK. */
async function forward(request: FastifyRequest, reply: FastifyReply, target: string, body: Buffer) {
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-sentry-envelope' },
      signal: AbortSignal.timeout(forwardTimeoutMs),
    });
  } catch (error) {
    request.log.warn({ err: error }, 'monitoring: the error-reporting service is unreachable');
    return unreachable(reply, 'could not be reached');
  }
  const text = await upstream.text();
  const sentryLimits = upstream.headers.get('x-sentry-rate-limits');
  if (sentryLimits) reply.header('x-sentry-rate-limits', sentryLimits);
  if (upstream.status === 429) {
    const retryAfter = Number(upstream.headers.get('retry-after')) || 60;
    throw new AppError('rate_limited', `The error-reporting service asks to wait ${retryAfter} s`, { retryAfter });
  }
  if (!upstream.ok) {
    request.log.warn({ status: upstream.status }, 'monitoring: the error-reporting service refused an envelope');
    return unreachable(reply, `answered ${upstream.status}`);
  }
  return reply
    .code(200)
    .type('application/json')
    .send(text || '{}');
}

/** A 502 sent directly: not through the error handler, so the failure to report is not itself reported. */
const unreachable = (reply: FastifyReply, why: string) =>
  sendProblem(reply, problem('feed_unreachable', `The error-reporting service ${why}`));
