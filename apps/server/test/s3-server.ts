import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
// s3rver ships no types; the few members used here are typed below.
// @ts-expect-error — no declaration file
import S3rver from 's3rver';
import { createTestApp } from './harness.js';
import { createTeam } from './schedule-helpers.js';

interface KoaContext {
  method: string;
  path: string;
  req: NodeJS.ReadableStream;
  status: number;
  type: string;
  body: string;
}
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
  /** s3rver is a Koa app: its middleware, in order. */
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
}

/** An S3 error answer, as the store sends it: the status and the `<Code>` of its XML body. */
export interface S3ErrorAnswer {
  status: number;
  code: string;
  message: string;
}

/** What S3-compatible stores answer a write they have no room for (docs/DEPLOY.md, "When the file storage is full"). */
export const noRoomAnswers: Record<string, S3ErrorAnswer> = {
  'MinIO, drives full': {
    status: 507,
    code: 'XMinioStorageFull',
    message: 'Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.',
  },
  'MinIO, bucket quota': { status: 400, code: 'XMinioAdminBucketQuotaExceeded', message: 'Bucket quota exceeded' },
  'Ceph RGW, quota': { status: 403, code: 'QuotaExceeded', message: 'Quota exceeded' },
};

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Puts in front of s3rver's own handling: while `refusal()` names an answer, every object write is
 * read to its end and answered with it, as a full store answers (the rest — reads, deletes — works).
 */
function refuseWritesWhile(server: S3rverInstance, refusal: () => S3ErrorAnswer | null) {
  server.middleware.unshift(async (ctx, next) => {
    const answer = refusal();
    const objectWrite = ctx.method === 'PUT' && ctx.path.split('/').filter(Boolean).length > 1;
    if (!answer || !objectWrite) return next();
    for await (const _ of ctx.req) {
      // The body is drained, as a server does before it answers.
    }
    ctx.status = answer.status;
    ctx.type = 'application/xml';
    ctx.body =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<Error><Code>${answer.code}</Code><Message>${xmlText(answer.message)}</Message>` +
      `<Resource>${xmlText(ctx.path)}</Resource><RequestId>fieldplan-test</RequestId></Error>`;
  });
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
  let refusal: S3ErrorAnswer | null = null;
  refuseWritesWhile(server, () => refusal);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    /** From now on, object writes get `answer` (a store with no room); null writes again. */
    refuseWrites: (answer: S3ErrorAnswer | null) => {
      refusal = answer;
    },
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
    refuseWrites: s3.refuseWrites,
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
