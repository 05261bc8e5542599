// Calendar week feed: 50 technicians, 2,000 jobs in one week (20% recurring), over real HTTP on
// loopback with 20 requests in flight, on SQLite and PostgreSQL. Three measurements:
// warm (everyone looks at the same week: answers come from the seq-keyed cache), cold (every
// request a different range, so each one queries and expands), and one cold request at a time.
// BENCH_BASE_DIR=<checkout>: the same on that tree's server too, round by round (bench/trees.ts).

import { Worker } from 'node:worker_threads';
import { fmt, percentile } from './support.js';
import { interleaved, ratio, type Tree, trees, weekServer } from './trees.js';

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

/** One tree's server on a fresh database seeded by that tree, and a client signed in to it. */
async function start(tree: Tree, dialect: 'sqlite' | 'postgres') {
  const server = await weekServer(tree, dialect);
  const { address, login } = server;
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
  const close = async () => {
    await worker.terminate();
    await server.close();
  };
  return { tree, week, count, cold, worker, close };
}

type Side = Awaited<ReturnType<typeof start>>;
/** Name, the requests of one round, how many in flight, Accept-Encoding. */
const measurements: [string, (side: Side) => string[], number, string | null][] = [
  ['warm (cached)', (side) => Array(2000).fill(side.week), concurrency, browser],
  ['warm (cached), uncompressed', (side) => Array(2000).fill(side.week), concurrency, null],
  ['cold (every range new)', (side) => side.cold(300), concurrency, browser],
  ['cold, one at a time', (side) => side.cold(100), 1, browser],
];

for (const dialect of ['sqlite', 'postgres'] as const) {
  const sides: Side[] = [];
  for (const tree of trees) sides.push(await start(tree, dialect));
  for (const side of sides) {
    await run(side.worker, Array(300).fill(side.week), concurrency); // warm-up (JIT, connections, pool)
    await run(side.worker, side.cold(60), 4);
  }
  for (const [name, urls, inFlight, encoding] of measurements) {
    const results = new Map<Side, { latencies: number[]; seconds: number; bytes: number }>();
    for (const [side, runs] of await interleaved(sides, (side) => run(side.worker, urls(side), inFlight, encoding))) {
      const latencies = runs.flatMap((r) => r.latencies);
      const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
      const bytes = runs.at(-1)?.bytes ?? 0;
      results.set(side, { latencies, seconds, bytes });
      const label = trees.length > 1 ? side.tree.label.padEnd(5) : '';
      console.log(
        `${dialect.padEnd(8)} ${label}week feed, ${name.padEnd(28)} ${String(inFlight).padStart(2)} in flight  p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  ${(latencies.length / seconds).toFixed(0)} req/s  (${latencies.length} requests, ${side.count} events, ${(bytes / 1024).toFixed(0)} KB)`,
      );
    }
    const [now, base] = [...results.values()];
    if (now && base) {
      const at = (q: number) => ratio(percentile(now.latencies, q), percentile(base.latencies, q));
      const rate = ratio(now.latencies.length / now.seconds, base.latencies.length / base.seconds);
      console.log(`${dialect.padEnd(8)} now ÷ base: p50 ${at(50)}  p99 ${at(99)}  req/s ${rate}`);
    }
  }
  for (const side of sides) await side.close();
}
