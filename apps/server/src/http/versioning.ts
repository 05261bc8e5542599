import type { FastifyReply } from 'fastify';
import { fieldError } from '../errors/app-error.js';
import { defineMessages } from '../i18n/index.js';
import { text } from './problem-text.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  missing: { id: 'problems.ifMatch.required' },
  malformed: { id: 'problems.ifMatch.malformed' },
});

// Optimistic concurrency for every versioned entity (customers, jobs, service areas, feeds): every write names the version it
// was based on in If-Match; a stale one is refused with the current state, so no write is lost.

/** The version in an If-Match header: `3`, `"3"` or `W/"3"`. Missing or malformed → 400. */
export function ifMatchVersion(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') {
    throw fieldError('If-Match', text(refusals.missing));
  }
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(value);
  if (!m) throw fieldError('If-Match', text(refusals.malformed));
  return Number(m[1]);
}

export function setEtag(reply: FastifyReply, version: number): void {
  reply.header('etag', `"${version}"`);
}
