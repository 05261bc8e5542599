import type { ObjectStorage } from './storage.js';

// A full disk or bucket is an outage of the file storage, not a bug (docs/DEPLOY.md, "When the file
// storage is full"): the caller gets 507 `storage_full` with Retry-After and sends the file again later;
// one report per outage, not one per upload.

/** Seconds a caller should wait before sending a file again while the storage is full. */
export const storageFullRetryAfterSeconds = 60;

/** A local file system with no room (ENOSPC) or a user's disk quota used up (EDQUOT). */
const fullErrnos = new Set(['ENOSPC', 'EDQUOT']);

/**
 * S3 error codes that say "no room" rather than "not this": MinIO's drives past their free-space
 * threshold (`XMinioStorageFull`, 507) and its bucket quota (`XMinioAdminBucketQuotaExceeded`), Ceph
 * RGW's user or bucket quota (`QuotaExceeded`). Any store's `507 Insufficient Storage` counts too.
 */
const fullS3Codes = new Set(['XMinioStorageFull', 'XMinioAdminBucketQuotaExceeded', 'QuotaExceeded']);

/** True when `error` (or an error it wraps) says the storage has no room for what was written. */
export function isStorageFull(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown }; cause?: unknown };
  if (typeof e.code === 'string' && fullErrnos.has(e.code)) return true;
  // The AWS SDK names a service error after the S3 error code and keeps the HTTP status in $metadata.
  if (e.$metadata !== undefined) {
    if (typeof e.name === 'string' && fullS3Codes.has(e.name)) return true;
    if (e.$metadata.httpStatusCode === 507) return true;
  }
  return isStorageFull(e.cause, depth + 1);
}

/** A write the storage had no room for; `startsOutage` on the first of an outage (the one to report). */
export class StorageFullError extends Error {
  readonly code = 'storage_full';
  constructor(
    readonly startsOutage: boolean,
    options: { cause: unknown },
  ) {
    super('The file storage is full', options);
    this.name = 'StorageFullError';
  }
}

/**
 * Whether the storage is full, as writes see it. An outage starts with the first write refused for
 * room and ends with a write that succeeds once `quietMs` have passed without another refusal: while
 * a disk fills, small writes still fit between refused large ones, and that is one outage, not many.
 */
export class StorageOutage {
  #down = false;
  #lastRefusal = 0;

  constructor(private readonly quietMs = storageFullRetryAfterSeconds * 1000) {}

  /** A write was refused for room; true when that starts an outage. */
  refused(now = Date.now()): boolean {
    this.#lastRefusal = now;
    if (this.#down) return false;
    this.#down = true;
    return true;
  }

  /** A write succeeded: the outage is over if none was refused for a while. */
  stored(now = Date.now()): void {
    if (this.#down && now - this.#lastRefusal >= this.quietMs) this.#down = false;
  }

  get down(): boolean {
    return this.#down;
  }
}

/** The storage, its writes refused for room thrown as StorageFullError (one outage tracked for all of them). */
export function watchFull<S extends ObjectStorage>(storage: S, outage = new StorageOutage()): S {
  return {
    ...storage,
    async put(key, body, size) {
      try {
        await storage.put(key, body, size);
      } catch (error) {
        if (isStorageFull(error)) throw new StorageFullError(outage.refused(), { cause: error });
        throw error;
      }
      outage.stored();
    },
  };
}
