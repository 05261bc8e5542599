import { scrubData, scrubUrl } from '@fieldplan/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';
import { requestContext } from './request-context.js';

/**
 * A URL fit for a log line: the path only (a query may hold search text: names, addresses), with
 * the tokens of invite, iCal and tracking links redacted.
 */
export function redactUrl(url: string): string {
  return scrubUrl(url.split(/[?#]/, 1)[0] ?? '');
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
  },
  /** Error messages, stacks and extra fields (a database error's `detail`) can quote personal data. */
  err(error: Error) {
    return scrubData(pino.stdSerializers.err(error));
  },
};

/** Whether info lines are written: pino says; the null logger (`logger: false`) has no level. */
function infoLogged(log: FastifyBaseLogger): boolean {
  return (log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? log.level !== undefined;
}

/** Paths of routes without parameters as redactUrl gives them: a fixed, small set (bounded anyway). */
const staticPaths = new Map<string, string>();
const staticPathsMax = 1_000;

/** redactUrl, remembered for a route without parameters (its path holds no token or address to scrub). */
function loggedUrl(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined || route.includes(':') || route.includes('*')) return redactUrl(request.url);
  const end = request.url.search(/[?#]/);
  const path = end < 0 ? request.url : request.url.slice(0, end);
  let url = staticPaths.get(path);
  if (url === undefined) {
    url = redactUrl(path);
    if (staticPaths.size >= staticPathsMax) staticPaths.clear();
    staticPaths.set(path, url);
  }
  return url;
}

/**
 * One JSON line per answered request: request id (the logger's `reqId`), route pattern,
 * path, status, duration and the workspace and user ids — no names, emails, bodies or headers.
 * Nothing is worked out when the level leaves the line out.
 */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (!infoLogged(request.log)) return done();
    const { method, route, workspaceId, userId } = requestContext(request);
    request.log.info(
      {
        method,
        route,
        url: loggedUrl(request),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        workspaceId,
        userId,
      },
      'request completed',
    );
    done();
  });
}
