import { isLocale, type Locale } from '@fieldplan/shared';
import type { FastifyRequest } from 'fastify';
import { languageOfRequest } from '../i18n/index.js';

/**
 * The language a request is answered in (docs/adr/0042-languages.md): the signed-in user's own choice,
 * else the best of its `Accept-Language`, else English.
 */
export function requestLanguage(request: FastifyRequest): Locale {
  const own = request.session?.user.language;
  if (isLocale(own)) return own;
  const header = request.headers['accept-language'];
  return languageOfRequest(Array.isArray(header) ? header.join(',') : header);
}
