/**
 * Realtime fan-out: N official pusher-js clients (Node build, over loopback) subscribed to one private
 * channel; events published through the HTTP API with the official `pusher` SDK; latency measured from
 * just before the publish request to receipt at each client.
 *
 *   npm run bench -- realtime-fanout          (REALTIME_BENCH_CLIENTS=1000, REALTIME_BENCH_EVENTS=50)
 *
 * The server runs in child processes (packages/realtime/src/standalone.ts): one with the local adapter,
 * then two sharing Redis (clients split between them, events published through the first), so the
 * clients' own work stays off the servers' event loops.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import PusherServer from 'pusher';
import Pusher from 'pusher-js';
import WebSocket from 'ws';
import { createRealtimeServer } from '../packages/realtime/src/index.js';

const CLIENTS = Number(process.env.REALTIME_BENCH_CLIENTS ?? 1000);
const EVENTS = Number(process.env.REALTIME_BENCH_EVENTS ?? 50);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' };
const CHANNEL = 'private-workspace-bench';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STANDALONE = fileURLToPath(new URL('../packages/realtime/src/standalone.ts', import.meta.url));

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

async function startNode(env: Record<string, string>): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', STANDALONE], {
    cwd: ROOT,
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

async function run(label: string, ports: number[]): Promise<string> {
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
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  const lost = CLIENTS * EVENTS - total;
  return `| ${label} | ${CLIENTS} | ${EVENTS} | ${ms(percentile(deliveries, 50))} | ${ms(percentile(deliveries, 99))} | ${ms(percentile(lastClient, 50))} | ${ms(percentile(lastClient, 99))} | ${lost} |`;
}

/**
 * The server's own share: an in-process server (local adapter) and CLIENTS bare `ws` sockets; the time
 * `publish()` takes to encode the event once and write it to every socket.
 */
async function serverWriteCost(): Promise<string> {
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
  const per = (percentile(costs, 50) * 1000) / CLIENTS;
  return `Server write time per event to ${CLIENTS} sockets (in-process): p50 ${percentile(costs, 50).toFixed(1)} ms, p99 ${percentile(costs, 99).toFixed(1)} ms (${per.toFixed(1)} µs a socket)`;
}

const rows: string[] = [];
const local = await startNode({});
rows.push(await run('local adapter, 1 process', [local.port]));
local.child.kill('SIGTERM');
await once(local.child, 'exit');

const prefix = `realtime-bench:${randomBytes(4).toString('hex')}:`;
const a = await startNode({ REDIS_URL, REALTIME_REDIS_PREFIX: prefix });
const b = await startNode({ REDIS_URL, REALTIME_REDIS_PREFIX: prefix });
rows.push(await run('Redis adapter, 2 processes', [a.port, b.port]));
for (const node of [a, b]) {
  node.child.kill('SIGTERM');
  await once(node.child, 'exit');
}
const redis = new Redis(REDIS_URL);
const keys = await redis.keys(`${prefix}*`);
if (keys.length > 0) await redis.del(...keys);
redis.disconnect();

console.log('| adapter | clients | events | delivery p50 | delivery p99 | last client p50 | last client p99 | lost |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log(`\n${await serverWriteCost()}`);
process.exit(0);
