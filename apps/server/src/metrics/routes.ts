import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { AppError } from '../errors/app-error.js';
import { unmatchedRoute } from '../http/request-context.js';
import type { Metrics } from './registry.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

function isLoopback(ip: string): boolean {
  return /^127\./.test(ip) || ip === '::1' || /^::ffff:127\./.test(ip);
}

/**
 * Who may scrape: a request from this machine that no proxy forwarded (a reverse proxy on the same
 * host connects from loopback too, but adds X-Forwarded-For / Forwarded), or anyone presenting
 * `Authorization: Bearer <METRICS_TOKEN>` when that is set. A wrong token is refused even locally.
 */
export function metricsAccess(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (auth !== undefined) return token !== undefined && timingSafeEqual(digest(auth), digest(`Bearer ${token}`));
  const forwarded = ['x-forwarded-for', 'forwarded', 'x-real-ip'].some((h) => request.headers[h] !== undefined);
  return !forwarded && isLoopback(request.ip);
}

/** `GET /metrics` in Prometheus' text format, and the request timing behind its HTTP histogram. */
export function metricsRoutes(app: FastifyInstance, config: Config, metrics: Metrics) {
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? unmatchedRoute;
    metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAccess(request, config.METRICS_TOKEN)) {
      throw new AppError(
        'forbidden',
        'Metrics are served to this machine, or with Authorization: Bearer <METRICS_TOKEN> when that is set',
      );
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}
