import { S3ServiceException } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { isStorageFull, StorageFullError, StorageOutage, watchFull } from './full.js';
import type { ObjectStorage } from './storage.js';

// Which failures mean "no room" (docs/DEPLOY.md, "When the file storage is full"), and when an outage
// of the storage starts and ends. The stores themselves are exercised in test/faults-storage.test.ts
// (a real full file system) and test/photos-s3.test.ts (an S3 server answering "no room").

const errno = (code: string) => Object.assign(new Error(code), { code });
const s3Error = (name: string, status: number) =>
  new S3ServiceException({ name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status } });

describe('a storage with no room', () => {
  it('is told by ENOSPC, EDQUOT and the S3 stores’ "no room" answers — and by nothing else', () => {
    expect(isStorageFull(errno('ENOSPC'))).toBe(true);
    expect(isStorageFull(errno('EDQUOT'))).toBe(true);
    expect(isStorageFull(new Error('stream failed', { cause: errno('ENOSPC') }))).toBe(true);
    expect(isStorageFull(s3Error('XMinioStorageFull', 507))).toBe(true);
    expect(isStorageFull(s3Error('XMinioAdminBucketQuotaExceeded', 400))).toBe(true);
    expect(isStorageFull(s3Error('QuotaExceeded', 403))).toBe(true);
    expect(isStorageFull(s3Error('InsufficientStorage', 507))).toBe(true);

    expect(isStorageFull(errno('EACCES'))).toBe(false);
    expect(isStorageFull(errno('ECONNREFUSED'))).toBe(false);
    expect(isStorageFull(s3Error('AccessDenied', 403))).toBe(false);
    expect(isStorageFull(s3Error('InternalError', 500))).toBe(false);
    // An object over S3's size limit is the request's fault, not a full store.
    expect(isStorageFull(s3Error('EntityTooLarge', 400))).toBe(false);
    expect(isStorageFull(new Error('QuotaExceeded'))).toBe(false);
  });

  it('is one outage while a filling disk still takes small writes between refused ones', () => {
    const outage = new StorageOutage(60_000);
    expect(outage.refused(0)).toBe(true);
    outage.stored(1_000);
    expect(outage.refused(2_000)).toBe(false);
    outage.stored(61_000);
    expect(outage.down).toBe(true);
    // A write that succeeds a quiet minute after the last refusal ends it; the next refusal is news.
    outage.stored(62_000);
    expect(outage.down).toBe(false);
    expect(outage.refused(63_000)).toBe(true);
  });

  it('throws a refused write as StorageFullError, the first of an outage marked, other failures as they are', async () => {
    let fail: Error | null = errno('ENOSPC');
    const stored: string[] = [];
    const inner: ObjectStorage = {
      kind: 'local',
      put: async (key) => {
        if (fail) throw fail;
        stored.push(key);
      },
      get: async () => null,
      stat: async () => null,
      delete: async () => undefined,
    };
    const storage = watchFull(inner, new StorageOutage(60_000));
    const first = await storage.put('a', Buffer.alloc(1), 1).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(StorageFullError);
    expect(first).toMatchObject({ startsOutage: true, cause: fail });
    expect(await storage.put('b', Buffer.alloc(1), 1).catch((e: unknown) => e)).toMatchObject({ startsOutage: false });
    fail = errno('EACCES');
    expect(await storage.put('c', Buffer.alloc(1), 1).catch((e: unknown) => e)).toBe(fail);
    fail = null;
    await storage.put('d', Buffer.alloc(1), 1);
    expect(stored).toEqual(['d']);
  });
});
