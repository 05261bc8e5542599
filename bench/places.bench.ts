// Places search: the first-load cost of the world-cities index (time and memory), and
// `GET /api/v1/places?q=…` latency over real HTTP on loopback with 50 requests in flight — queries
// are prefixes (2–8 characters) of random cities among all 135,000, with and without a workspace
// (which adds its customers from the database). SQLite. Prints numbers for docs/PERFORMANCE.md.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { readCities } from '../apps/server/src/modules/places/cities-pbf.js';
import { cityIndex, cityIndexLoaded } from '../apps/server/src/modules/places/city-index.js';
import { benchDb, fmt, percentile } from './support.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const concurrency = 50;

// The load runs in its own process pinned to the other core (browsers run elsewhere), with
// keep-alive connections; the server (this process) is pinned to core 0.
const client = `
const http = require('node:http');
const workerData = { cookie: process.argv[1] };
const parentPort = { on: (_, f) => process.on('message', f), postMessage: (m) => process.send(m) };
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const get = (url) => new Promise((resolve, reject) => {
  http.get(url, { agent, headers: { cookie: workerData.cookie } }, (res) => {
    res.resume();
    res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(url + ': ' + res.statusCode))));
  }).on('error', reject);
});
parentPort.on('message', async ({ urls, concurrency }) => {
  const latencies = [];
  let next = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++];
      const t0 = performance.now();
      await get(url);
      latencies.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage({ latencies, seconds: (performance.now() - t0) / 1000 });
});`;

function run(worker: ChildProcess, urls: string[], inFlight = concurrency) {
  return new Promise<{ latencies: number[]; seconds: number }>((resolve, reject) => {
    worker.once('message', (m) => resolve(m as { latencies: number[]; seconds: number }));
    worker.once('error', reject);
    worker.send({ urls, concurrency: inFlight });
  });
}

/** `taskset` pins a process to a core when the machine has it (it has, here); else no pinning. */
const pinned = spawnSync('taskset', ['--version']).status === 0;

// First load, as the server's first places query does it: decode cities.pbf, then index.
const before = heapMb();
const rssBefore = process.memoryUsage().rss / 1024 / 1024;
if (cityIndexLoaded()) throw new Error('the index was already loaded');
let t0 = performance.now();
// Meanwhile the event loop keeps turning: the longest gap between ticks is the longest block.
let longestBlock = 0;
let lastTick = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  longestBlock = Math.max(longestBlock, now - lastTick);
  lastTick = now;
}, 1);
const index = await cityIndex();
clearInterval(ticker);
const totalMs = performance.now() - t0;
const after = heapMb();
const rssAfter = process.memoryUsage().rss / 1024 / 1024;
t0 = performance.now();
const columns = readCities();
const decodeMs = performance.now() - t0;
console.log(
  `first load: ${fmt(totalMs)} (a synchronous decode of the ${columns.count.toLocaleString('en')} cities alone takes ${fmt(decodeMs)}; ${index.index.size.toLocaleString('en')} index keys); longest event-loop block ${fmt(longestBlock)}; heap +${(after - before).toFixed(1)} MB, RSS +${(rssAfter - rssBefore).toFixed(1)} MB`,
);

// Queries: a prefix of a random city's name, 2–8 characters (what people type), fixed seed.
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const queries = Array.from({ length: 6000 }, () => {
  const name = columns.names[Math.floor(random() * columns.count)] ?? 'Berlin';
  return name.slice(0, 2 + Math.floor(random() * 7));
});

const { db, cleanup } = await benchDb('sqlite');
await seedDemo(db);
const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: '' };
const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const res = await fetch(`${address}/api/v1/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: address },
  body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'fieldplan-demo' }),
});
const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const { memberships } = (await res.json()) as { memberships: { workspaceId: string }[] };
const ws = memberships[0]?.workspaceId ?? '';

if (pinned) spawnSync('taskset', ['-a', '-cp', '0', String(process.pid)]);
const worker = spawn(
  pinned ? 'taskset' : process.execPath,
  [...(pinned ? ['-c', '1', process.execPath] : []), '-e', client, cookie],
  {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
console.log(pinned ? 'server pinned to core 0, load generator to core 1' : 'taskset missing: processes not pinned');
const url = (q: string, withWs: boolean) =>
  `${address}/api/v1/places?q=${encodeURIComponent(q)}${withWs ? `&ws=${encodeURIComponent(ws)}` : ''}`;
await run(
  worker,
  queries.slice(0, 500).map((q) => url(q, false)),
); // warm-up (JIT, connections)
for (const [withWs, inFlight, count] of [
  [false, concurrency, 5500],
  [true, concurrency, 2500],
  [false, 1, 1000],
  [true, 1, 1000],
] as const) {
  const { latencies, seconds } = await run(
    worker,
    queries.slice(500, 500 + count).map((q) => url(q, withWs)),
    inFlight,
  );
  console.log(
    `GET /api/v1/places, ${withWs ? 'cities + workspace customers' : 'cities only'}, ${inFlight} in flight: p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(Math.max(...latencies))}  ${(latencies.length / seconds).toFixed(0)} req/s (${latencies.length} requests)`,
  );
}
// One query at a time, measured inside the process: the search itself.
const single: number[] = [];
for (const q of queries.slice(0, 3000)) {
  const s = performance.now();
  index.search(q.toLowerCase(), 10);
  single.push(performance.now() - s);
}
console.log(`index search alone: p50 ${fmt(percentile(single, 50))}  p99 ${fmt(percentile(single, 99))}`);
worker.kill();
await app.close();
await cleanup();
