import type { Readable } from 'node:stream';

/**
 * Where uploaded files live (docs/adr/0026-photo-storage.md): opaque keys like
 * `workspaces/<ws>/photos/<id>/file`, bytes in and out as streams. Local disk by default,
 * any S3-compatible store when `S3_*` is configured.
 */
export interface ObjectStorage {
  /** Which kind, for logs and the health of a deployment. */
  readonly kind: 'local' | 's3';
  /** Stores the object whole (replacing any with that key); `size` is its length in bytes. */
  put(key: string, body: Buffer | Readable, size: number): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** The object's size, or null when there is none. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; a missing one is no error. */
  delete(key: string): Promise<void>;
}

const keyPattern = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless the key is ours: segments of letters, digits, `.`, `_`, `-` (no `..`, no leading `/`). */
export function checkKey(key: string): string {
  if (!keyPattern.test(key) || key.split('/').some((s) => s === '..' || s === '.') || key.length > 512) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}
