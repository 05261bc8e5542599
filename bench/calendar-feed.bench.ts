// Calendar week feed: 50 technicians, 2,000 jobs in one week (20% recurring), over real HTTP on
// loopback with 20 requests in flight, on SQLite and PostgreSQL. Three measurements:
// warm (everyone looks at the same week: answers come from the seq-keyed cache), cold (every
// request a different range, so each one queries and expands), and one cold request at a time.

import { Worker } from 'node:worker_threads';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedWeek } from './calendar-week.seed.js';
import { benchDb, fmt, percentile } from './support.js';

const concurrency = 20;
/** What Chromium sends. */
const browser = 'gzip, deflate, br, zstd';

// The load runs in a worker thread, as browsers would run elsewhere: on this 2-core machine the
// client's own work (reading 1.3 MB answers) must not sit on the server's event loop.
const client = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
// Plain HTTP/1.1 like a browser's connection: bodies are read, not decompressed (a browser does
// that in its own process).
const get = (url, encoding) =>
  new Promise((resolve, reject) => {
    const headers = { cookie: workerData.cookie, ...(encoding && { 'accept-encoding': encoding }) };
    http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(url + ': ' + res.statusCode))));
    }).on('error', reject);
  });
parentPort.on('message', async ({ urls, concurrency, encoding }) => {
  const latencies = [];
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const t0 = performance.now();
      bytes = await get(url, encoding);
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage({ latencies, seconds: (performance.now() - t0) / 1000, bytes });
});`;

function run(worker: Worker, urls: string[], concurrency: number, encoding: string | null = browser) {
  return new Promise<{ latencies: number[]; seconds: number; bytes: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage({ urls, concurrency, encoding });
  });
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { db, cleanup } = await benchDb(dialect);
  const login = await seedWeek(db);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`${address}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify(login),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const ws = ((await res.json()) as { memberships: { workspaceId: string }[] }).memberships[0]?.workspaceId;
  const feed = `${address}/api/v1/workspaces/${ws}/calendar/events?start=2026-06-01`;
  const week = `${feed}&end=2026-06-08`;
  const count = ((await (await fetch(week, { headers: { cookie } })).json()) as unknown[]).length;
  // A cold request asks for a range no one asked for before (its end moves by a millisecond).
  let n = 0;
  const cold = (k: number) =>
    Array.from({ length: k }, () => `${feed}&end=${new Date(Date.parse('2026-06-07T22:00:00Z') + ++n).toISOString()}`);
  const worker = new Worker(client, { eval: true, workerData: { cookie } });
  await run(worker, Array(300).fill(week), concurrency); // warm-up (JIT, connections, pool)
  await run(worker, cold(60), 4);
  for (const [name, urls, inFlight, encoding] of [
    ['warm (cached)', Array(2000).fill(week), concurrency, browser],
    ['warm (cached), uncompressed', Array(2000).fill(week), concurrency, null],
    ['cold (every range new)', cold(300), concurrency, browser],
    ['cold, one at a time', cold(100), 1, browser],
  ] as const) {
    const { latencies, seconds, bytes } = await run(worker, urls, inFlight, encoding);
    console.log(
      `${dialect.padEnd(8)} week feed, ${name.padEnd(28)} ${String(inFlight).padStart(2)} in flight  p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  ${(latencies.length / seconds).toFixed(0)} req/s  (${latencies.length} requests, ${count} events, ${(bytes / 1024).toFixed(0)} KB)`,
    );
  }
  await worker.terminate();
  await app.close();
  await cleanup();
}
