// Places search: the first-load cost of the world-cities index (time and memory), and
// `GET /api/v1/places?q=…` latency over real HTTP on loopback with 50 requests in flight — queries
// are prefixes (2–8 characters) of random cities among all 135,000, with and without a workspace
// (which adds its customers), and with a geocoder whose answers are cached (a local stand-in
// speaking Photon's API fills the cache first), each row in its steady state. SQLite. Prints numbers for
// docs/PERFORMANCE.md. `PLACES_BENCH_CPU_PROFILE=dir` writes a CPU profile of the measured part.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { readCities } from '../apps/server/src/modules/places/cities-pbf.js';
import { cityIndex, cityIndexLoaded, foldText } from '../apps/server/src/modules/places/city-index.js';
import { benchDb, fmt, percentile } from './support.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};
const concurrency = 50;

// The load runs in its own process pinned to the other core (browsers run elsewhere), over
// keep-alive connections, one request at a time on each (no pipelining). It writes each request as
// bytes on a socket and reads the answer by its Content-Length, as autocannon does: Node's own
// http client costs ~3× more per request, and on a loaded machine the generator then set the pace
// (the server sat idle a quarter of the time with "50 in flight").
const client = `
const net = require('node:net');
const cookie = process.argv[1];
const parentPort = { on: (_, f) => process.on('message', f), postMessage: (m) => process.send(m) };
/** One connection: sends each request when the previous answer has been read in full. */
function connection(origin, take, done, fail) {
  const { hostname, port } = new URL(origin);
  const socket = net.connect(Number(port), hostname);
  socket.setNoDelay(true);
  let buffered = null;
  let t0 = 0;
  let path = '';
  const send = () => {
    path = take();
    if (path === null) return socket.end();
    t0 = performance.now();
    socket.write('GET ' + path + ' HTTP/1.1\\r\\nhost: ' + hostname + ':' + port + '\\r\\ncookie: ' + cookie + '\\r\\n\\r\\n');
  };
  socket.on('connect', send);
  socket.on('error', fail);
  socket.on('data', (chunk) => {
    buffered = buffered ? Buffer.concat([buffered, chunk]) : chunk;
    const headEnd = buffered.indexOf('\\r\\n\\r\\n');
    if (headEnd < 0) return;
    const head = buffered.toString('latin1', 0, headEnd);
    const length = /\\r\\ncontent-length: *(\\d+)/i.exec(head);
    if (!length) return fail(new Error(path + ': an answer without Content-Length'));
    if (buffered.length < headEnd + 4 + Number(length[1])) return;
    if (buffered.length > headEnd + 4 + Number(length[1])) return fail(new Error(path + ': unasked bytes'));
    buffered = null;
    if (!head.startsWith('HTTP/1.1 200 ')) return fail(new Error(path + ': ' + head.split('\\r\\n', 1)[0]));
    done(performance.now() - t0);
    send();
  });
}
parentPort.on('message', ({ urls, concurrency }) => {
  const latencies = [];
  const origin = new URL(urls[0]).origin;
  const paths = urls.map((u) => u.slice(origin.length));
  let next = 0;
  const t0 = performance.now();
  const take = () => (next < paths.length ? paths[next++] : null);
  const done = (ms) => {
    latencies.push(ms);
    if (latencies.length === paths.length) parentPort.postMessage({ latencies, seconds: (performance.now() - t0) / 1000 });
  };
  const fail = (error) => { console.error(error); process.exit(1); };
  for (let i = 0; i < Math.min(concurrency, paths.length); i++) connection(origin, take, done, fail);
});`;

function run(worker: ChildProcess, urls: string[], inFlight = concurrency) {
  return new Promise<{ latencies: number[]; seconds: number }>((resolve, reject) => {
    worker.once('message', (m) => {
      worker.off('error', reject);
      resolve(m as { latencies: number[]; seconds: number });
    });
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

// The peer: a bare Fastify route in this same process giving the same answer for cities only — the
// same fold, index search and place objects — with none of the app's pipeline (no cookie or
// session, no hooks, no schemas: JSON.stringify). It is the floor for Fastify + HTTP + the search
// on this core at this moment, so the ratio to it holds on a loaded machine.
const bare = Fastify();
bare.get('/api/v1/places', async (request) => {
  const folded = foldText((request.query as { q?: string }).q ?? '');
  return (await cityIndex()).search(folded, 10).map((city) => ({
    id: `city:${city.id}`,
    label: city.name,
    secondary: city.countryName,
    lat: city.lat,
    lng: city.lng,
    source: 'city',
  }));
});
const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

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
// Warm-up (JIT, connections) of both servers. Every query is asked once first: the short-prefix
// memo is the process's, shared by the app and the peer, so both then meet it equally warm.
await run(
  worker,
  queries.map((q) => url(q, false)),
);
await run(
  worker,
  queries.slice(0, 500).map((q) => url(q, false, bareAddress)),
);
// The geocoder's cache filled for 1,000 queries of ≥ 3 characters (what reaches the geocoder).
const geocoded = queries.filter((q) => q.trim().length >= 3).slice(0, 1000);
// One at a time: one user's newer search replaces their queued older one (as when typing), and the
// benchmark is one user. Once with the workspace (its map centre is part of the cache key) and once
// without.
for (const withWs of [true, false]) {
  await run(
    worker,
    geocoded.map((q) => url(q, withWs, geocoding.address)),
    1,
  );
}
const profile = process.env.PLACES_BENCH_CPU_PROFILE;
const session = new Session();
if (profile) {
  session.connect();
  await session.post('Profiler.enable');
  // 100 µs between samples (the default is 1 ms): a request costs 100–400 µs, so each gets a few.
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
  fs.mkdirSync(profile, { recursive: true });
}
const stamp = Date.now();
// Each row is measured in its steady state: its own requests are asked once, unmeasured, on the same
// number of connections first (as autocannon's --warmup). Switching from one route or answer shape to
// another re-tunes V8's compiled code for the first ≈ 200 ms, and a row of under a second had its p99
// set by that (docs/PERFORMANCE.md, "Places: measured in the steady state"). A measured row then runs
// 2–3 s at 50 in flight: the 5,500 queries not used for the warm-up of the index, three times over
// (2,500 with a workspace; the geocoder's 1,000 cached ones in turn).
const rounds = 3;
for (const [name, withWs, inFlight, count, origin] of [
  ['bare Fastify peer, cities only', false, concurrency, 5500, bareAddress],
  ['cities only', false, concurrency, 5500, address],
  ['geocoder (cached) + cities', false, concurrency, 5500, geocoding.address],
  ['cities + workspace customers', true, concurrency, 2500, address],
  ['geocoder (cached) + cities + customers', true, concurrency, 2500, geocoding.address],
  ['cities only', false, 1, 1000, address],
  ['geocoder (cached) + cities', false, 1, 1000, geocoding.address],
  ['cities + workspace customers', true, 1, 1000, address],
  ['geocoder (cached) + cities + customers', true, 1, 1000, geocoding.address],
  ['bare Fastify peer, cities only', false, 1, 1000, bareAddress],
] as const) {
  const once =
    origin === geocoding.address
      ? Array.from({ length: count }, (_, i) => geocoded[i % geocoded.length] as string)
      : queries.slice(500, 500 + count);
  const warmUp = await run(
    worker,
    once.map((q) => url(q, withWs, origin)),
    inFlight,
  );
  const asked = inFlight === 1 ? once : Array.from({ length: rounds }, () => once).flat();
  // One profile per row (the inspector, in process: the server's side only).
  if (profile) await session.post('Profiler.start');
  // The server's CPU time per request (this process: the apps and the peer; the load is elsewhere):
  // unlike latency, it barely moves when other processes take the core.
  const cpu0 = process.cpuUsage();
  const { latencies, seconds } = await run(
    worker,
    asked.map((q) => url(q, withWs, origin)),
    inFlight,
  );
  const cpu = process.cpuUsage(cpu0);
  const cpuPerRequest = (cpu.user + cpu.system) / latencies.length;
  if (profile) {
    const { profile: data } = await session.post('Profiler.stop');
    const slug = `${name.replace(/\W+/g, '-')}-${inFlight}`;
    fs.writeFileSync(path.join(profile, `places-${stamp}-${slug}.cpuprofile`), JSON.stringify(data));
  }
  console.log(
    `GET /api/v1/places, ${name}, ${inFlight} in flight: p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  max ${fmt(Math.max(...latencies))}  ${(latencies.length / seconds).toFixed(0)} req/s (${latencies.length} requests), server CPU ${cpuPerRequest.toFixed(0)} µs/request; its warm-up pass: p99 ${fmt(percentile(warmUp.latencies, 99))}`,
  );
}
if (profile) console.log(`CPU profiles (one per row): ${profile}/places-${stamp}-*.cpuprofile`);
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
await bare.close();
photon.close();
await cleanup();
