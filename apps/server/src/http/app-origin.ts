import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/** The origin links in answers point to: PUBLIC_URL's when set, else the one the request came to. */
export function appBaseUrl(config: Pick<Config, 'appOrigin'>, request: FastifyRequest): string {
  return config.appOrigin ?? `${request.protocol}://${request.headers.host}`;
}
