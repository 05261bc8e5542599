import path from 'node:path';
import type { Config } from '../config.js';
import { watchFull } from './full.js';
import { localStorage } from './local.js';
import { s3Storage } from './s3.js';
import type { ObjectStorage } from './storage.js';

export { isStorageFull, StorageFullError, storageFullRetryAfterSeconds, watchFull } from './full.js';
export { localStorage } from './local.js';
export { s3Storage } from './s3.js';
export { checkKey, type ObjectStorage } from './storage.js';

/**
 * The data folder: `STORAGE_DIR` if set, else the folder of the SQLite file, else `./data`
 * (PostgreSQL keeps no files of its own here).
 */
export function dataFolder(config: Pick<Config, 'DATABASE_URL' | 'STORAGE_DIR'>): string {
  if (config.STORAGE_DIR) return path.resolve(config.STORAGE_DIR);
  const sqlite = /^(?:sqlite|file):(.+)$/.exec(config.DATABASE_URL);
  if (sqlite?.[1] && sqlite[1] !== ':memory:') return path.join(path.dirname(path.resolve(sqlite[1])), 'files');
  return path.resolve('data', 'files');
}

/**
 * The configured file storage: the S3-compatible bucket when `S3_BUCKET` is set, else local disk. A
 * write refused for room is a StorageFullError (507 `storage_full`, one report per outage).
 */
export function createStorage(config: Config): ObjectStorage {
  if (config.S3_BUCKET) {
    return watchFull(
      s3Storage({
        endpoint: config.S3_ENDPOINT,
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE,
      }),
    );
  }
  return watchFull(localStorage(dataFolder(config)));
}
