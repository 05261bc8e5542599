import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.js';
import { dataFolder, localStorage, type ObjectStorage, s3Storage } from './index.js';

// One contract, two stores: local disk and an S3-compatible server (s3rver on loopback, spoken to
// through the AWS SDK exactly as a real bucket would be).

async function read(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const stores: [string, () => Promise<{ storage: ObjectStorage; close: () => Promise<void> }>][] = [
  [
    'local disk',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-store-'));
      return { storage: localStorage(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    'S3-compatible',
    async () => {
      const s3 = await startS3Server('store-test');
      const storage = s3Storage({
        endpoint: s3.endpoint,
        bucket: 'store-test',
        region: 'us-east-1',
        accessKeyId: s3.env.S3_ACCESS_KEY_ID,
        secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: true,
      });
      return { storage, close: s3.close };
    },
  ],
];

describe.each(stores)('file storage: %s', (_name, open) => {
  let storage: ObjectStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  it('puts a buffer or a stream, reads it back as a stream, tells its size, deletes it', async () => {
    const bytes = Buffer.from('x'.repeat(70_000));
    await storage.put('workspaces/w1/photos/p1/file', bytes, bytes.length);
    expect(await storage.stat('workspaces/w1/photos/p1/file')).toEqual({ size: 70_000 });
    expect((await read(await storage.get('workspaces/w1/photos/p1/file')))?.equals(bytes)).toBe(true);

    const pieces = [Buffer.from('ab'), Buffer.from('cd'), Buffer.from('e')];
    await storage.put('workspaces/w1/photos/p1/file', Readable.from(pieces), 5);
    expect((await read(await storage.get('workspaces/w1/photos/p1/file')))?.toString()).toBe('abcde');

    await storage.delete('workspaces/w1/photos/p1/file');
    expect(await storage.stat('workspaces/w1/photos/p1/file')).toBeNull();
    expect(await storage.get('workspaces/w1/photos/p1/file')).toBeNull();
    // Deleting what is not there is no error.
    await storage.delete('workspaces/w1/photos/p1/file');
  });

  it('refuses keys that could leave its folder or bucket prefix', async () => {
    for (const key of ['../escape', 'a/../../b', '/absolute', 'a//b', 'a/./b', 'space key', '']) {
      await expect(storage.put(key, Buffer.from('x'), 1), key).rejects.toThrow(/Invalid storage key/);
    }
  });
});

describe('dataFolder', () => {
  it('is STORAGE_DIR, else files/ beside the SQLite file, else ./data/files', () => {
    expect(dataFolder({ DATABASE_URL: 'sqlite:./data/fieldplan.sqlite', STORAGE_DIR: '/srv/files' })).toBe(
      '/srv/files',
    );
    expect(dataFolder({ DATABASE_URL: 'sqlite:/var/lib/fp/db.sqlite', STORAGE_DIR: undefined })).toBe(
      '/var/lib/fp/files',
    );
    expect(dataFolder({ DATABASE_URL: 'postgres://db/fp', STORAGE_DIR: undefined })).toBe(path.resolve('data/files'));
  });
});
