/**
 * Realtime fan-out: N official pusher-js clients (Node build, over loopback) subscribed to one private
 * channel; events published through the HTTP API with the official `pusher` SDK; latency measured from
 * just before the publish request to receipt at each client.
 *
 *   npm run bench -- realtime-fanout          (REALTIME_BENCH_CLIENTS=1000, REALTIME_BENCH_EVENTS=50)
 *
 * The server runs in child processes (packages/realtime/src/standalone.ts): one with the local adapter,
 * then two sharing Redis (clients split between them, events published through the first), so the
 * clients' own work stays off the servers' event loops. BENCH_BASE_DIR=<checkout>: the same on that
 * tree's realtime server too, round by round (bench/trees.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { importFrom, interleaved, ratio, type Tree, trees } from './trees.js';

const CLIENTS = Number(process.env.REALTIME_BENCH_CLIENTS ?? 1000);
const EVENTS = Number(process.env.REALTIME_BENCH_EVENTS ?? 50);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
const CHANNEL = 'private-workspace-bench';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function startNode(tree: Tree, env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/realtime/src/standalone.ts'], {
    cwd: tree.root,
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'warn',
      REALTIME_APP_ID: APP.appId,
      REALTIME_KEY: APP.key,
      REALTIME_SECRET: APP.secret,
      // Every bench client comes from 127.0.0.1: no per-address cap.
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  return { child, port: (JSON.parse(String(chunk).split('\n')[0] ?? '{}') as { listening: number }).listening };
}

/** Connects `count` clients to `port` in batches and resolves once all are subscribed. */
async function connectClients(port: number, count: number, onEvent: (i: number) => void): Promise<Pusher[]> {
  const signer = new PusherServer({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false });
  const clients: Pusher[] = [];
  for (let start = 0; start < count; start += 100) {
    const batch = Array.from({ length: Math.min(100, count - start) }, () => {
      const pusher = new Pusher(APP.key, {
        cluster: 'local',
        wsHost: '127.0.0.1',
        wsPort: port,
        forceTLS: false,
        enabledTransports: ['ws'],
        disableStats: true,
        channelAuthorization: {
          customHandler: ({ socketId, channelName }, cb) => cb(null, signer.authorizeChannel(socketId, channelName)),
        },
      });
      clients.push(pusher);
      const channel = pusher.subscribe(CHANNEL);
      channel.bind('tick', (data: { i: number }) => onEvent(data.i));
      return new Promise<void>((resolve) => channel.bind('pusher:subscription_succeeded', () => resolve()));
    });
    await Promise.all(batch);
  }
  return clients;
}

interface Delivery {
  /** Each client's time from publish to receipt, ms. */
  deliveries: number[];
  /** Each event's time to its last client, ms. */
  lastClient: number[];
  lost: number;
}

async function run(ports: number[]): Promise<Delivery> {
  const receivedAt: number[][] = Array.from({ length: EVENTS }, () => []);
  let wake: (() => void) | null = null;
  let total = 0;
  const clients: Pusher[] = [];
  for (const [i, port] of ports.entries()) {
    const share = Math.floor(CLIENTS / ports.length) + (i < CLIENTS % ports.length ? 1 : 0);
    clients.push(
      ...(await connectClients(port, share, (n) => {
        receivedAt[n]?.push(performance.now());
        total += 1;
        if (receivedAt[n]?.length === CLIENTS) wake?.();
      })),
    );
  }
  const publisher = new PusherServer({ ...APP, host: '127.0.0.1', port: String(ports[0]), useTLS: false });
  await publisher.trigger(CHANNEL, 'warm-up', {});
  const deliveries: number[] = [];
  const lastClient: number[] = [];
  for (let n = 0; n < EVENTS; n += 1) {
    const all = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const t0 = performance.now();
    await publisher.trigger(CHANNEL, 'tick', { i: n, at: Date.now() });
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, 5000))]);
    const times = (receivedAt[n] ?? []).map((t) => t - t0);
    deliveries.push(...times);
    lastClient.push(Math.max(...times));
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const pusher of clients) pusher.disconnect();
  return { deliveries, lastClient, lost: CLIENTS * EVENTS - total };
}

/**
 * The server's own share: an in-process server (local adapter) and CLIENTS bare `ws` sockets; the time
 * `publish()` takes to encode the event once and write it to every socket.
 */
async function serverWriteCost(tree: Tree): Promise<number[]> {
  const { createRealtimeServer } = await importFrom<typeof import('../packages/realtime/src/index.js')>(
    tree,
    'packages/realtime/src/index.ts',
  );
  const realtime = createRealtimeServer({ ...APP, limits: { maxConnectionsPerAddress: Number.POSITIVE_INFINITY } });
  const http = createServer();
  realtime.attach(http);
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const port = (http.address() as AddressInfo).port;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < CLIENTS; i += 1) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${APP.key}?protocol=7`);
    await once(ws, 'open');
    ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'bench' } }));
    sockets.push(ws);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  const costs: number[] = [];
  for (let n = 0; n < EVENTS; n += 1) {
    const t0 = performance.now();
    await realtime.publish('bench', 'tick', { i: n });
    costs.push(performance.now() - t0);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  for (const ws of sockets) ws.terminate();
  await realtime.close();
  http.close();
  return costs;
}

/** One run of the fan-out on `tree`'s servers: `nodes` processes, sharing Redis when more than one. */
async function fanOut(tree: Tree, nodes: 1 | 2): Promise<Delivery> {
  const prefix = `realtime-bench:${randomBytes(4).toString('hex')}:`;
  const started = [];
  for (let i = 0; i < nodes; i++)
    started.push(await startNode(tree, nodes > 1 ? { REDIS_URL, REALTIME_REDIS_PREFIX: prefix } : {}));
  const result = await run(started.map((node) => node.port));
  for (const node of started) {
    node.child.kill('SIGTERM');
    await once(node.child, 'exit');
  }
  if (nodes > 1) {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  return result;
}

const ms = (v: number) => `${v.toFixed(1)} ms`;
const p50 = (values: number[]) => percentile(values, 50);
const p99 = (values: number[]) => percentile(values, 99);
const label = (name: string, tree: Tree) => (trees.length > 1 ? `${name} (${tree.label})` : name);

console.log('| adapter | clients | events | delivery p50 | delivery p99 | last client p50 | last client p99 | lost |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const [name, nodes] of [
  ['local adapter, 1 process', 1],
  ['Redis adapter, 2 processes', 2],
] as const) {
  const totals = new Map<Tree, Delivery>();
  for (const [tree, runs] of await interleaved(trees, (tree) => fanOut(tree, nodes))) {
    const total: Delivery = {
      deliveries: runs.flatMap((r) => r.deliveries),
      lastClient: runs.flatMap((r) => r.lastClient),
      lost: runs.reduce((sum, r) => sum + r.lost, 0),
    };
    totals.set(tree, total);
    const { deliveries, lastClient } = total;
    console.log(
      `| ${label(name, tree)} | ${CLIENTS} | ${EVENTS * runs.length} | ${ms(p50(deliveries))} | ${ms(p99(deliveries))} | ${ms(p50(lastClient))} | ${ms(p99(lastClient))} | ${total.lost} |`,
    );
  }
  const [now, base] = [...totals.values()];
  if (now && base)
    console.log(
      `| ${name}, now ÷ base | | | ${ratio(p50(now.deliveries), p50(base.deliveries))} | ${ratio(p99(now.deliveries), p99(base.deliveries))} | ${ratio(p50(now.lastClient), p50(base.lastClient))} | ${ratio(p99(now.lastClient), p99(base.lastClient))} | |`,
    );
}

console.log('');
const writes = await interleaved(trees, serverWriteCost);
for (const [tree, runs] of writes) {
  const costs = runs.flat();
  console.log(
    `${label('Server write time', tree)} per event to ${CLIENTS} sockets (in-process): p50 ${ms(p50(costs))}, p99 ${ms(p99(costs))} (${((p50(costs) * 1000) / CLIENTS).toFixed(1)} µs a socket)`,
  );
}
const [nowWrites, baseWrites] = [...writes.values()].map((runs) => runs.flat());
if (nowWrites && baseWrites)
  console.log(
    `Server write time, now ÷ base: p50 ${ratio(p50(nowWrites), p50(baseWrites))}, p99 ${ratio(p99(nowWrites), p99(baseWrites))}`,
  );
process.exit(0);
