import { scrubData, scrubUrl } from '@fieldplan/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';
import { requestContext } from '../monitoring/request-context.js';

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

/**
 * One JSON line per answered request: request id (the logger's `reqId`), route pattern,
 * path, status, duration and the workspace and user ids — no names, emails, bodies or headers.
 */
export function registerRequestLogging(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const { method, route, workspaceId, userId } = requestContext(request);
    request.log.info(
      {
        method,
        route,
        url: redactUrl(request.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        workspaceId,
        userId,
      },
      'request completed',
    );
  });
}
