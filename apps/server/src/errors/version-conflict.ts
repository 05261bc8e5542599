import { AppError } from './app-error.js';
import { partText, staleTexts } from './problem-texts.js';

// Optimistic concurrency (http/versioning.ts reads If-Match): a write based on a stale version is refused
// with the current state, so no write is lost.

/** 412 version_conflict carrying the current version and the current entity. */
export function versionConflict(what: string, currentVersion: number, current: unknown): AppError {
  // Passed as a variable: AppError's `extra` is spread into the problem body, `current` included.
  const extra = { currentVersion, current };
  return new AppError(
    'version_conflict',
    `Someone else changed this ${what} (now version ${currentVersion}): reload it or apply your change again`,
    extra,
    // The version as written, not as a number formatted for the language (1024, not 1.024).
    partText(staleTexts, what, { version: String(currentVersion) }),
  );
}

/** Throws 412 unless the stored version is the one the client edited. */
export function checkVersion(what: string, expected: number, currentVersion: number, current: () => unknown): void {
  if (expected !== currentVersion) throw versionConflict(what, currentVersion, current());
}
