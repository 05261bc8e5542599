// Scale-out: throughput and latency through nginx (deploy/nginx/fieldplan.conf) with one and with two
// built Fieldplan processes on one PostgreSQL database and one Redis (the scale-out suite's cluster,
// scale/support/cluster.ts): GET /me, the jobs list and the calendar feed (cold: every range new, so
// each request queries and expands); then realtime delivery to 1,000 WebSocket clients (protocol 7)
// through nginx (with two processes, split across them), events published through process 1.
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import PusherServer from 'pusher';
import { loadConfig } from '../apps/server/src/config.js';
import { openDb } from '../apps/server/src/db/database.js';
import { resolveCredentials } from '../apps/server/src/realtime/credentials.js';
import { type Cluster, startCluster } from '../scale/support/cluster.js';
import { fmt, percentile } from './support.js';

const inFlight = 32;
const env = {
  SIGNIN_ATTEMPTS_PER_MINUTE: '100000',
  // Behind nginx every WebSocket comes from nginx's address: no per-address cap here.
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
  LOG_LEVEL: 'warn',
};

// The load runs in a worker thread with its own keep-alive connections to nginx, so the client's
// work does not sit on this thread (the machine's 2 cores are shared with nginx, PostgreSQL, Redis).
const httpClient = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
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
      const t = performance.now();
      await get(url);
      latencies.push(performance.now() - t);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage({ latencies, seconds: (performance.now() - t0) / 1000 });
});`;

async function signIn(base: string) {
  const res = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'fieldplan-demo' }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const ws = ((await res.json()) as { memberships: { workspaceId: string }[] }).memberships[0]?.workspaceId ?? '';
  return { cookie, ws };
}

function run(worker: Worker, urls: string[], concurrency = inFlight) {
  return new Promise<{ latencies: number[]; seconds: number }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.postMessage({ urls, concurrency });
  });
}

type Rates = Map<string, number>;

async function httpRound(cluster: Cluster, label: string): Promise<Rates> {
  const { cookie, ws } = await signIn(cluster.baseUrl);
  const worker = new Worker(httpClient, { eval: true, workerData: { cookie } });
  const base = `${cluster.baseUrl}/api/v1`;
  let n = 0;
  // Each calendar request asks for a range nobody asked for before (its end moves by a millisecond).
  const cold = (k: number) =>
    Array.from({ length: k }, () => {
      n += 1;
      return `${base}/workspaces/${ws}/calendar/events?start=2026-11-23&end=${new Date(Date.parse('2026-11-30T00:00:00Z') + n).toISOString()}`;
    });
  const routes: [string, () => string[]][] = [
    ['GET /me', () => Array(3000).fill(`${base}/me`)],
    ['GET …/jobs', () => Array(600).fill(`${base}/workspaces/${ws}/jobs`)],
    ['calendar week, cold', () => cold(400)],
  ];
  for (const [, urls] of routes) await run(worker, urls().slice(0, 200)); // warm-up: JIT, pools, caches
  const rates: Rates = new Map();
  for (const [name, urls] of routes) {
    const { latencies, seconds } = await run(worker, urls());
    const rate = latencies.length / seconds;
    rates.set(name, rate);
    console.log(
      `${label.padEnd(11)} ${name.padEnd(20)} ${String(inFlight)} in flight  p50 ${fmt(percentile(latencies, 50))}  p99 ${fmt(percentile(latencies, 99))}  ${rate.toFixed(0)} req/s  (${latencies.length} requests)`,
    );
  }
  await worker.terminate();
  return rates;
}

// 1,000 bare WebSocket clients (protocol 7) in a worker thread, on a public channel; each event
// carries its publish time, and every client notes how long it took to arrive.
const wsClients = `
const WebSocket = require('ws');
const { parentPort, workerData } = require('node:worker_threads');
const { url, count, channel } = workerData;
const delays = [];
let subscribed = 0;
const sockets = [];
for (let i = 0; i < count; i += 1) {
  const ws = new WebSocket(url);
  sockets.push(ws);
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw));
    if (frame.event === 'pusher:connection_established') ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }));
    else if (frame.event === 'pusher_internal:subscription_succeeded') {
      subscribed += 1;
      if (subscribed === count) parentPort.postMessage({ ready: true });
    } else if (frame.event === 'tick') delays.push(Date.now() - JSON.parse(frame.data).at);
    else if (frame.event === 'pusher:ping') ws.send('{"event":"pusher:pong","data":{}}');
  });
  ws.on('error', (err) => parentPort.postMessage({ error: String(err) }));
}
parentPort.on('message', () => {
  parentPort.postMessage({ delays });
  for (const ws of sockets) ws.terminate();
});`;

async function realtimeRound(cluster: Cluster, label: string, clients: number, events: number) {
  const db = openDb(cluster.databaseUrl);
  const { appId, key, secret } = await resolveCredentials(loadConfig({}), db);
  await db.close();
  const channel = 'bench-delivery';
  const worker = new Worker(wsClients, {
    eval: true,
    workerData: {
      url: `ws://127.0.0.1:${cluster.nginx.port}/app/${key}?protocol=7&client=bench&version=8.4.0`,
      count: clients,
      channel,
    },
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (m: { ready?: boolean; error?: string }) => {
      if (m.ready) resolve();
      if (m.error) reject(new Error(m.error));
    });
  });
  const spread = await Promise.all(
    cluster.nodes
      .filter((node) => node.running)
      .map(async (node) => {
        const text = await (await fetch(`${node.origin}/metrics`)).text();
        return (
          text
            .split('\n')
            .find((l) => l.startsWith('fieldplan_realtime_connections '))
            ?.split(' ')[1] ?? '0'
        );
      }),
  );
  const sdk = new PusherServer({
    appId,
    key,
    secret,
    host: '127.0.0.1',
    port: String(cluster.nodes[0].port),
    useTLS: false,
  });
  for (let i = 0; i < events; i += 1) {
    await sdk.trigger(channel, 'tick', { at: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const delays = await new Promise<number[]>((resolve) => {
    worker.on('message', (m: { delays?: number[] }) => m.delays && resolve(m.delays));
    worker.postMessage('report');
  });
  await worker.terminate();
  console.log(
    `${label} realtime delivery, ${clients} clients (${spread.join(' + ')} per process), ${events} events published through process 1, 10/s: p50 ${fmt(percentile(delays, 50))}  p99 ${fmt(percentile(delays, 99))}  max ${fmt(Math.max(...delays))}  (${delays.length} of ${clients * events} deliveries)`,
  );
}

console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (${os.cpus().length} cores)`,
);
const results: Rates[] = [];
for (const single of [true, false]) {
  const cluster = await startCluster(env, { single });
  try {
    results.push(await httpRound(cluster, single ? '1 process' : '2 processes'));
    await realtimeRound(cluster, single ? '1 process' : '2 processes', 1000, 30);
  } finally {
    await cluster.close();
  }
}
const [one, two] = results;
for (const [name, rate] of two ?? [])
  console.log(`2 ÷ 1 processes, ${name}: ${(rate / (one?.get(name) ?? rate)).toFixed(2)}×`);
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
