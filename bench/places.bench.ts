// Places search: the first-load cost of the world-cities index (time and memory), and
// `GET /api/v1/places?q=…` latency over real HTTP on loopback with 50 requests in flight — queries
// are prefixes (2–8 characters) of random cities among all 135,000, with and without a workspace
// (which adds its customers), and with a geocoder whose answers are cached (a local stand-in
// speaking Photon's API fills the cache first), each row in its steady state. SQLite. Prints numbers for
// docs/PERFORMANCE.md. `PLACES_BENCH_CPU_PROFILE=dir` writes a CPU profile of the measured part.
// BENCH_BASE_DIR=<checkout>: that tree's app too (its own modules, index, seed and database) in this
// same process, each row measured round by round on both (bench/trees.ts), with `now ÷ base`; the
// first load is measured once a tree (the index loads once a process), the decode in rounds.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { fmt, median, percentile } from './support.js';
import { importFrom, interleaved, ratio, type Tree, trees } from './trees.js';

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
const parentPort = { on: (_, f) => process.on('message', f), postMessage: (m) => process.send(m) };
/** One connection: sends each request when the previous answer has been read in full. */
function connection(origin, cookie, take, done, fail) {
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
parentPort.on('message', ({ urls, cookie, concurrency }) => {
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
  for (let i = 0; i < Math.min(concurrency, paths.length); i++) connection(origin, cookie, take, done, fail);
});`;

function run(worker: ChildProcess, urls: string[], inFlight = concurrency, cookie = '') {
  return new Promise<{ latencies: number[]; seconds: number }>((resolve, reject) => {
    worker.once('message', (m) => {
      worker.off('error', reject);
      resolve(m as { latencies: number[]; seconds: number });
    });
    worker.once('error', reject);
    worker.send({ urls, cookie, concurrency: inFlight });
  });
}

/** `taskset` pins a process to a core when the machine has it (it has, here); else no pinning. */
const pinned = spawnSync('taskset', ['--version']).status === 0;

/** A tree's own modules: its app, seed and city index (each tree's index is its own, loaded once). */
async function modulesOf(tree: Tree) {
  const from = <T>(file: string) => importFrom<T>(tree, file);
  return {
    ...(await from<typeof import('../apps/server/src/app.js')>('apps/server/src/app.ts')),
    ...(await from<typeof import('../apps/server/src/config.js')>('apps/server/src/config.ts')),
    ...(await from<typeof import('../apps/server/src/db/seed/demo.js')>('apps/server/src/db/seed/demo.ts')),
    ...(await from<typeof import('../apps/server/src/modules/places/cities-pbf.js')>(
      'apps/server/src/modules/places/cities-pbf.ts',
    )),
    ...(await from<typeof import('../apps/server/src/modules/places/city-index.js')>(
      'apps/server/src/modules/places/city-index.ts',
    )),
    ...(await from<typeof import('./support.js')>('bench/support.ts')),
  };
}
const modules = new Map<Tree, Awaited<ReturnType<typeof modulesOf>>>();
for (const tree of trees) modules.set(tree, await modulesOf(tree));
const modulesFor = (tree: Tree) => modules.get(tree) as Awaited<ReturnType<typeof modulesOf>>;
const named = (name: string, tree: Tree) => (trees.length > 1 ? `${name} (${tree.label})` : name);

// First load, as the server's first places query does it: decode cities.pbf, then index. Once a
// tree, in turn: each tree's module holds its index for the process.
const indexes = new Map<Tree, Awaited<ReturnType<ReturnType<typeof modulesFor>['cityIndex']>>>();
for (const tree of trees) {
  const { cityIndex: load, cityIndexLoaded, readCities } = modulesFor(tree);
  const before = heapMb();
  const rssBefore = process.memoryUsage().rss / 1024 / 1024;
  if (cityIndexLoaded()) throw new Error('the index was already loaded');
  const t0 = performance.now();
  // Meanwhile the event loop keeps turning: the longest gap between ticks is the longest block.
  let longestBlock = 0;
  let lastTick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    longestBlock = Math.max(longestBlock, now - lastTick);
    lastTick = now;
  }, 1);
  const index = await load();
  clearInterval(ticker);
  indexes.set(tree, index);
  const totalMs = performance.now() - t0;
  const after = heapMb();
  const rssAfter = process.memoryUsage().rss / 1024 / 1024;
  const t1 = performance.now();
  const { count } = readCities();
  const decodeMs = performance.now() - t1;
  console.log(
    `${named('first load', tree)}: ${fmt(totalMs)} (a synchronous decode of the ${count.toLocaleString('en')} cities alone takes ${fmt(decodeMs)}; ${index.index.size.toLocaleString('en')} index keys); longest event-loop block ${fmt(longestBlock)}; heap +${(after - before).toFixed(1)} MB, RSS +${(rssAfter - rssBefore).toFixed(1)} MB`,
  );
}
// The decode alone, both trees in turn round by round (the first load can't be repeated in process).
if (trees.length > 1) {
  const decodes = await interleaved(trees, async (tree) => {
    const t = performance.now();
    modulesFor(tree).readCities();
    return performance.now() - t;
  });
  const [nowMs, baseMs] = [...decodes.values()];
  if (nowMs && baseMs)
    console.log(
      `synchronous decode, now ÷ base: ${ratio(median(nowMs), median(baseMs))} (now ${nowMs.map((v) => v.toFixed(0)).join(', ')} ms; base ${baseMs.map((v) => v.toFixed(0)).join(', ')} ms)`,
    );
}
const nowIndex = indexes.get(trees[0] as Tree);
if (!nowIndex) throw new Error('no index');
const columns = modulesFor(trees[0] as Tree).readCities();

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

/** A tree's app (its own database, seeded with its own demo seed), with and without the geocoder. */
async function serve(tree: Tree) {
  const { benchDb, buildApp, loadConfig, seedDemo } = modulesFor(tree);
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
  const close = async () => {
    await app.close();
    await geocoding.app.close();
    await cleanup();
  };
  return { tree, address, geocoding: geocoding.address, cookie, ws: memberships[0]?.workspaceId ?? '', close };
}
const servers = new Map<Tree, Awaited<ReturnType<typeof serve>>>();
for (const tree of trees) servers.set(tree, await serve(tree));

// The peer: a bare Fastify route in this same process giving the same answer for cities only — the
// same fold, index search and place objects — with none of the app's pipeline (no cookie or
// session, no hooks, no schemas: JSON.stringify). It is the floor for Fastify + HTTP + the search
// on this core at this moment, so the ratio to it holds on a loaded machine. This tree's search.
const { foldText } = modulesFor(trees[0] as Tree);
const bare = Fastify();
bare.get('/api/v1/places', async (request) => {
  const folded = foldText((request.query as { q?: string }).q ?? '');
  return nowIndex.search(folded, 10).map((city) => ({
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
  [...(pinned ? ['-c', '1', process.execPath] : []), '-e', client],
  {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  },
);
console.log(pinned ? 'server pinned to core 0, load generator to core 1' : 'taskset missing: processes not pinned');
/** Where a row's requests go: a tree's app, its geocoding app, or the peer (no session, no workspace). */
interface Target {
  label: string;
  origin: string;
  cookie: string;
  ws: string;
}
const url = (q: string, withWs: boolean, target: Target) =>
  `${target.origin}/api/v1/places?q=${encodeURIComponent(q)}${withWs ? `&ws=${encodeURIComponent(target.ws)}` : ''}`;
const ask = (target: Target, qs: string[], withWs: boolean, inFlight = concurrency) =>
  run(
    worker,
    qs.map((q) => url(q, withWs, target)),
    inFlight,
    target.cookie,
  );
const peerTarget: Target = { label: 'peer', origin: bareAddress, cookie: '', ws: '' };
const appTarget = (tree: Tree, geocoder: boolean): Target => {
  const server = servers.get(tree);
  if (!server) throw new Error(`no server for ${tree.label}`);
  return {
    label: tree.label,
    origin: geocoder ? server.geocoding : server.address,
    cookie: server.cookie,
    ws: server.ws,
  };
};
// The geocoder's cache filled for 1,000 queries of ≥ 3 characters (what reaches the geocoder).
const geocoded = queries.filter((q) => q.trim().length >= 3).slice(0, 1000);
// Warm-up (JIT, connections) of every server. Every query is asked once first: the short-prefix
// memo is the process's (a tree's), shared by that tree's apps (and by the peer, for this tree), so
// all then meet it equally warm.
for (const tree of trees) {
  await ask(appTarget(tree, false), queries, false);
  // One at a time: one user's newer search replaces their queued older one (as when typing), and
  // the benchmark is one user. Once with the workspace (its map centre is part of the cache key) and
  // once without.
  for (const withWs of [true, false]) await ask(appTarget(tree, true), geocoded, withWs, 1);
}
await ask(peerTarget, queries.slice(0, 500), false);
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
let profiles = 0;
interface Measured {
  latencies: number[];
  seconds: number;
  /** The server's CPU time, µs. */
  cpu: number;
  warmUpP99: number;
}
// Each row is measured in its steady state: its own requests are asked once, unmeasured, on the same
// number of connections first (as autocannon's --warmup). Switching from one route or answer shape to
// another re-tunes V8's compiled code for the first ≈ 200 ms, and a row of under a second had its p99
// set by that (docs/PERFORMANCE.md, "Places: measured in the steady state"). A measured row then runs
// 2–3 s at 50 in flight: the 5,500 queries not used for the warm-up of the index, three times over
// (2,500 with a workspace; the geocoder's 1,000 cached ones in turn). With a base tree each round
// asks them once a tree, the rounds taking the place of the repeats.
const repeats = trees.length > 1 ? 1 : 3;
async function measure(target: Target, name: string, withWs: boolean, inFlight: number, once: string[]) {
  const warmUp = await ask(target, once, withWs, inFlight);
  const asked = inFlight === 1 ? once : Array.from({ length: repeats }, () => once).flat();
  // One profile per row (the inspector, in process: the server's side only).
  if (profile) await session.post('Profiler.start');
  // The server's CPU time per request (this process: the apps and the peer; the load is elsewhere):
  // unlike latency, it barely moves when other processes take the core.
  const cpu0 = process.cpuUsage();
  const { latencies, seconds } = await ask(target, asked, withWs, inFlight);
  const cpu = process.cpuUsage(cpu0);
  if (profile) {
    const { profile: data } = await session.post('Profiler.stop');
    const slug = `${name.replace(/\W+/g, '-')}-${inFlight}-${target.label}-${profiles++}`;
    fs.writeFileSync(path.join(profile, `places-${stamp}-${slug}.cpuprofile`), JSON.stringify(data));
  }
  return { latencies, seconds, cpu: cpu.user + cpu.system, warmUpP99: percentile(warmUp.latencies, 99) };
}
const p50 = (values: number[]) => percentile(values, 50);
const p99 = (values: number[]) => percentile(values, 99);
/** A row's rounds pooled: latencies, requests a second and CPU µs a request. */
const pooled = (runs: Measured[]) => {
  const latencies = runs.flatMap((r) => r.latencies);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const cpu = runs.reduce((sum, r) => sum + r.cpu, 0);
  return { latencies, perSecond: latencies.length / seconds, cpuPerRequest: cpu / latencies.length };
};
for (const [name, withWs, inFlight, count, kind] of [
  ['bare Fastify peer, cities only', false, concurrency, 5500, 'peer'],
  ['cities only', false, concurrency, 5500, 'app'],
  ['geocoder (cached) + cities', false, concurrency, 5500, 'geocoding'],
  ['cities + workspace customers', true, concurrency, 2500, 'app'],
  ['geocoder (cached) + cities + customers', true, concurrency, 2500, 'geocoding'],
  ['cities only', false, 1, 1000, 'app'],
  ['geocoder (cached) + cities', false, 1, 1000, 'geocoding'],
  ['cities + workspace customers', true, 1, 1000, 'app'],
  ['geocoder (cached) + cities + customers', true, 1, 1000, 'geocoding'],
  ['bare Fastify peer, cities only', false, 1, 1000, 'peer'],
] as const) {
  const once =
    kind === 'geocoding'
      ? Array.from({ length: count }, (_, i) => geocoded[i % geocoded.length] as string)
      : queries.slice(500, 500 + count);
  // The peer is this tree's only (a floor, not a before/after): one pass, as without a base.
  const targets = kind === 'peer' ? [peerTarget] : trees.map((tree) => appTarget(tree, kind === 'geocoding'));
  const results =
    kind === 'peer'
      ? new Map([[peerTarget, [await measure(peerTarget, name, withWs, inFlight, once)]]])
      : await interleaved(targets, (target) => measure(target, name, withWs, inFlight, once));
  for (const [target, runs] of results) {
    const { latencies, perSecond, cpuPerRequest } = pooled(runs);
    const row = trees.length > 1 && kind !== 'peer' ? `${name} (${target.label})` : name;
    const warmUps = runs.map((r) => fmt(r.warmUpP99)).join(', ');
    console.log(
      `GET /api/v1/places, ${row}, ${inFlight} in flight: p50 ${fmt(p50(latencies))}  p99 ${fmt(p99(latencies))}  max ${fmt(Math.max(...latencies))}  ${perSecond.toFixed(0)} req/s (${latencies.length} requests), server CPU ${cpuPerRequest.toFixed(0)} µs/request; its warm-up pass: p99 ${warmUps}`,
    );
    if (runs.length > 1)
      console.log(
        `  by round: p50 ${runs.map((r) => p50(r.latencies).toFixed(2)).join(', ')} ms; p99 ${runs.map((r) => p99(r.latencies).toFixed(2)).join(', ')} ms; CPU ${runs.map((r) => (r.cpu / r.latencies.length).toFixed(0)).join(', ')} µs/request`,
      );
  }
  const [now, base] = kind === 'peer' ? [] : [...results.values()];
  if (now && base) {
    const [n, b] = [pooled(now), pooled(base)];
    const byRound = (f: (r: Measured) => number) =>
      now
        .map((r, i) => f(r) / f(base[i] as Measured))
        .map((v) => v.toFixed(2))
        .join(', ');
    console.log(
      `  now ÷ base: p50 ${ratio(p50(n.latencies), p50(b.latencies))}  p99 ${ratio(p99(n.latencies), p99(b.latencies))}  req/s ${ratio(n.perSecond, b.perSecond)}  CPU ${ratio(n.cpuPerRequest, b.cpuPerRequest)} (by round: p50 ${byRound((r) => p50(r.latencies))}; CPU ${byRound((r) => r.cpu / r.latencies.length)})`,
    );
  }
}
if (profile) console.log(`CPU profiles (one per row and tree): ${profile}/places-${stamp}-*.cpuprofile`);
// One query at a time, measured inside the process: the search itself.
const singles = await interleaved(trees, async (tree) => {
  const index = indexes.get(tree);
  const single: number[] = [];
  for (const q of queries.slice(0, 3000)) {
    const s = performance.now();
    index?.search(q.toLowerCase(), 10);
    single.push(performance.now() - s);
  }
  return single;
});
for (const [tree, runs] of singles) {
  const single = runs.flat();
  console.log(`${named('index search alone', tree)}: p50 ${fmt(p50(single))}  p99 ${fmt(p99(single))}`);
}
const [nowSingle, baseSingle] = [...singles.values()].map((runs) => runs.flat());
if (nowSingle && baseSingle)
  console.log(
    `index search alone, now ÷ base: p50 ${ratio(p50(nowSingle), p50(baseSingle))}  p99 ${ratio(p99(nowSingle), p99(baseSingle))}`,
  );
worker.kill();
for (const server of servers.values()) await server.close();
await bare.close();
photon.close();
