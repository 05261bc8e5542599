// Photo uploads under load (docs/PERFORMANCE.md, "Photo uploads"): 20 phones uploading a 2 MB photo
// each at once, in the web app's 1 MiB chunks, over real HTTP on loopback, while a dispatcher's other
// API calls (the member list, a visit's photos, a job) are timed. Target: their p99 ≤ 500 ms.
// SQLite and PostgreSQL, photos on the local disk. Prints numbers only.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { photoLimits } from '@fieldplan/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { benchDb, fmt, load, percentile } from './support.js';

const uploaders = 20;
const photoBytes = 2 * 1024 * 1024;
const rounds = 5;
const otherConcurrency = 4;

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const photo = Buffer.concat([png, randomBytes(photoBytes - png.length)]);
const thumbnail = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(20_000)]).toString('base64');

// The phones run in a worker thread, so their side of the uploads doesn't share the server's event loop.
const phones = `
const { parentPort, workerData } = require('node:worker_threads');
const { ws, jobId, cookie, origin, photo, thumbnail, chunkBytes } = workerData;
const bytes = Buffer.from(photo);
async function upload() {
  const id = crypto.randomUUID();
  const created = await fetch(ws + '/jobs/' + jobId + '/photos', {
    method: 'POST',
    headers: { cookie, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ id, size: bytes.length, contentType: 'image/png', width: 4032, height: 3024, thumbnail }),
  });
  if (created.status !== 201) throw new Error('create: ' + created.status + ' ' + (await created.text()));
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    const res = await fetch(ws + '/photos/' + id + '/upload', {
      method: 'PATCH',
      headers: { cookie, origin, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
      body: bytes.subarray(offset, offset + chunkBytes),
    });
    await res.arrayBuffer();
    if (res.status !== 204 && res.status !== 200) throw new Error('chunk: ' + res.status);
  }
}
parentPort.on('message', async (count) => {
  const times = await Promise.all(Array.from({ length: count }, async () => {
    const t0 = performance.now();
    await upload();
    return performance.now() - t0;
  }));
  parentPort.postMessage(times);
});
`;

for (const dialect of (process.env.BENCH_DIALECTS?.split(',') ?? ['sqlite', 'postgres']) as ('sqlite' | 'postgres')[]) {
  const { db, cleanup } = await benchDb(dialect);
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-bench-photos-'));
  await seedDemo(db);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', STORAGE_DIR: storageDir }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const signIn = await fetch(`${address}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'fieldplan-demo' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const me = (await signIn.json()) as { memberships: { workspaceId: string }[] };
  const ws = `${address}/api/v1/workspaces/${me.memberships[0]?.workspaceId}`;
  const jobs = (await (await fetch(`${ws}/jobs?limit=50`, { headers: { cookie } })).json()) as {
    items: { id: string; rrule: string | null }[];
  };
  const jobId = jobs.items.find((j) => !j.rrule)?.id;
  if (!jobId) throw new Error('the demo has no one-off job');

  const others = [`${ws}/members`, `${ws}/jobs/${jobId}/photos`, `${ws}/jobs/${jobId}`];
  let next = 0;
  const otherCall = async () => {
    const url = others[next++ % others.length] as string;
    const res = await fetch(url, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    await res.arrayBuffer();
  };

  const worker = new Worker(phones, {
    eval: true,
    workerData: { ws, jobId, cookie, origin: address, photo, thumbnail, chunkBytes: photoLimits.chunkBytes },
  });
  const uploadAtOnce = async (count: number): Promise<number[]> => {
    worker.postMessage(count);
    const [times] = (await once(worker, 'message')) as [number[]];
    return times;
  };

  await load(otherCall, 150, otherConcurrency); // warm-up
  await uploadAtOnce(4);
  const idle = await load(otherCall, 600, otherConcurrency);

  // Other calls run for exactly as long as each round of uploads does.
  const underLoad: number[] = [];
  const uploadTimes: number[] = [];
  let uploadSeconds = 0;
  for (let round = 0; round < rounds; round += 1) {
    let uploading = true;
    const measuring = (async () => {
      while (uploading) underLoad.push(...(await load(otherCall, otherConcurrency, otherConcurrency)));
    })();
    const t0 = performance.now();
    uploadTimes.push(...(await uploadAtOnce(uploaders)));
    uploadSeconds += (performance.now() - t0) / 1000;
    uploading = false;
    await measuring;
  }
  const megabytes = (rounds * uploaders * photoBytes) / 1024 / 1024;
  const line = (name: string, values: number[]) =>
    `${dialect.padEnd(8)} ${name.padEnd(34)} p50 ${fmt(percentile(values, 50))}  p99 ${fmt(percentile(values, 99))}  (${values.length})`;
  console.log(line('other API calls, no uploads', idle));
  console.log(line(`other API calls, ${uploaders} uploads at once`, underLoad));
  console.log(line('one 2 MB upload (create + 2 chunks)', uploadTimes));
  console.log(
    `${dialect.padEnd(8)} upload throughput ${(megabytes / uploadSeconds).toFixed(0)} MB/s (${rounds} rounds of ${uploaders} × 2 MB)`,
  );
  await worker.terminate();
  await app.close();
  await cleanup();
  fs.rmSync(storageDir, { recursive: true, force: true });
}
