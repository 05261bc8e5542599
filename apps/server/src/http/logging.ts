import type { FastifyRequest } from 'fastify';

/** Tokens in invite, iCal and tracking URLs are credentials: they never reach a log line. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/invit(?:e|ations)\/)[^/?#]+/g, '$1[redacted]')
    .replace(/(\/ical\/)[^/?#]+/g, '$1[redacted]')
    .replace(/(\/track\/)[^/?#]+/g, '$1[redacted]')
    .replace(/([?&](?:token|key|auth)=)[^&#]*/gi, '$1[redacted]');
}

export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      remoteAddress: request.ip,
    };
  },
};
