import type { FastifyReply } from 'fastify';
import { fieldError } from '../errors/app-error.js';

// Optimistic concurrency for every versioned entity (customers, jobs, service areas, feeds): every write names the version it
// was based on in If-Match; a stale one is refused with the current state, so no write is lost.

/** The version in an If-Match header: `3`, `"3"` or `W/"3"`. Missing or malformed → 400. */
export function ifMatchVersion(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') {
    throw fieldError('If-Match', 'If-Match is required: send the version you edited, like "3"');
  }
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  if (!m) throw fieldError('If-Match', 'If-Match must be the version you edited, like "3"');
  return Number(m[1]);
}

export function setEtag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}
