// Places search: the first-load cost of the world-cities index (time and memory), and
// `GET /api/v1/places?q=…` latency over real HTTP on loopback with 50 requests in flight — queries
// are prefixes (2–8 characters) of random cities among all 135,000, with and without a workspace
// (which adds its customers from the database), and with a geocoder whose answers are cached (a
// local stand-in speaking Photon's API fills the cache first). SQLite. Prints numbers for
// docs/PERFORMANCE.md. `PLACES_BENCH_CPU_PROFILE=dir` writes a CPU profile of the measured part.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
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

// A stand-in geocoder speaking Photon's `/api`: five real-shaped street features for any query.
const photon = http.createServer((req, res) => {
  const q = new URL(req.url ?? '/', 'http://photon').searchParams.get('q') ?? '';
  const features = Array.from({ length: 5 }, (_, i) => ({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [13.4 + i / 100, 52.5 + i / 100] },
    properties: {
      osm_type: 'W',
      osm_id: 1000 + i,
      osm_key: 'highway',
      osm_value: 'residential',
      type: 'street',
      name: `${q}straße`,
      postcode: `1011${i}`,
      city: 'Berlin',
      state: 'Berlin',
      country: 'Germany',
      countrycode: 'DE',
    },
  }));
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ type: 'FeatureCollection', features }));
});
await new Promise<void>((resolve) => photon.listen(0, '127.0.0.1', resolve));
const photonUrl = `http://127.0.0.1:${(photon.address() as AddressInfo).port}`;

const { db, cleanup } = await benchDb('sqlite');
await seedDemo(db);
const appWith = async (env: Record<string, string>) => {
  const config = { ...loadConfig({ LOG_LEVEL: 'silent', ...env }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  return { app, address: await app.listen({ port: 0, host: '127.0.0.1' }) };
};
const { app, address } = await appWith({ GEOCODER_URL: 'off' });
// No rate limit against the stand-in: the cache is filled at full speed.
const geocoding = await appWith({ GEOCODER_URL: photonUrl, GEOCODER_MIN_INTERVAL_MS: '0' });
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
const url = (q: string, withWs: boolean, origin = address) =>
  `${origin}/api/v1/places?q=${encodeURIComponent(q)}${withWs ? `&ws=${encodeURIComponent(ws)}` : ''}`;
await run(
  worker,
  queries.slice(0, 500).map((q) => url(q, false)),
); // warm-up (JIT, connections)
// The geocoder's cache filled for 1,000 queries of ≥ 3 characters (what reaches the geocoder).
const geocoded = queries.filter((q) => q.trim().length >= 3).slice(0, 1000);
// A few at a time: one user's newer search replaces their queued older one (as when typing), and the
// benchmark is one user.
await run(
  worker,
  geocoded.map((q) => url(q, true, geocoding.address)),
  1,
);
const profile = process.env.PLACES_BENCH_CPU_PROFILE;
const session = new Session();
if (profile) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
for (const [name, withWs, inFlight, count, origin] of [
  ['cities only', false, concurrency, 5500, address],
  ['cities + workspace customers', true, concurrency, 2500, address],
  ['geocoder (cached) + cities + customers', true, concurrency, 2500, geocoding.address],
  ['cities only', false, 1, 1000, address],
  ['cities + workspace customers', true, 1, 1000, address],
  ['geocoder (cached) + cities + customers', true, 1, 1000, geocoding.address],
] as const) {
  const asked =
    origin === address
      ? queries.slice(500, 500 + count)
      : Array.from({ length: count }, (_, i) => geocoded[i % geocoded.length] as string);
  const { latencies, seconds } = await run(
    worker,
    asked.map((q) => url(q, withWs, origin)),
    inFlight,
  );
  console.log(
    `GET /api/v1/places, ${name}, ${inFlight} in flight: p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(Math.max(...latencies))}  ${(latencies.length / seconds).toFixed(0)} req/s (${latencies.length} requests)`,
  );
}
if (profile) {
  const { profile: data } = await session.post('Profiler.stop');
  fs.mkdirSync(profile, { recursive: true });
  const file = path.join(profile, `places-${Date.now()}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(data));
  console.log(`CPU profile: ${file}`);
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
await geocoding.app.close();
photon.close();
await cleanup();
