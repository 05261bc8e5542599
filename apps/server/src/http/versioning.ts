import type { FastifyReply } from 'fastify';
import { AppError, fieldError } from './app-error.js';

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

/** 412 version_conflict carrying the current version and the current entity. */
export function versionConflict(what: string, currentVersion: number, current: unknown): AppError {
  // Passed as a variable: AppError's `extra` is spread into the problem body, `current` included.
  const extra = { currentVersion, current };
  return new AppError(
    'version_conflict',
    `Someone else changed this ${what} (now version ${currentVersion}): reload it or apply your change again`,
    extra,
  );
}

/** Throws 412 unless the stored version is the one the client edited. */
export function checkVersion(what: string, expected: number, currentVersion: number, current: () => unknown): void {
  if (expected !== currentVersion) throw versionConflict(what, currentVersion, current());
}
