import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// s3rver ships no types; the few members used here are typed below.
// @ts-expect-error — no declaration file
import S3rver from 's3rver';
import { createTestApp } from './harness.js';
import { createTeam } from './schedule-helpers.js';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** The access key and secret s3rver accepts (it checks each request's SigV4 signature against them). */
export const s3rverCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A local server speaking the S3 API (s3rver: a real HTTP server, requests signed and checked), on
 * loopback, with one empty bucket; the stand-in for AWS S3, MinIO and the like.
 */
export async function startS3Server(bucket: string) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-s3-'));
  const server = new (S3rver as S3rverClass)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3rverCredentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3rverCredentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A Fieldplan app keeping photos in a fresh bucket of a local S3 server, with a team, a local
 * STORAGE_DIR (which must stay empty: nothing goes to local disk) and a way to list the bucket.
 */
export async function startS3App(bucket: string) {
  const s3 = await startS3Server(bucket);
  const localDir = fs.mkdtempSync(path.join(os.tmpdir(), `${bucket}-local-`));
  const ctx = await createTestApp({ env: { ...s3.env, STORAGE_DIR: localDir } });
  const team = await createTeam(ctx.app);
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: s3rverCredentials,
  });
  return {
    ctx,
    team,
    localDir,
    /** The bucket's keys, sorted. */
    keysInBucket: async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key ?? '').sort(),
    close: async () => {
      client.destroy();
      await ctx.close();
      await s3.close();
      fs.rmSync(localDir, { recursive: true, force: true });
    },
  };
}
