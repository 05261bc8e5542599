/**
 * Realtime capacity: our Pusher-protocol server against a bare `ws` broadcast loop (the limit)
 * and Socket.IO (the peer). Each server runs alone in a child process pinned to core 0; the load
 * generator (bench/realtime-capacity/generator.ts: raw TCP, a minimal WebSocket client) runs in another
 * child pinned to core 1 and publishes over HTTP. See docs/PERFORMANCE.md "Realtime capacity".
 *
 *   npm run bench -- realtime-capacity                    (full: ≈ 15 min)
 *   REALTIME_CAPACITY_QUICK=1 npm run bench -- realtime-capacity
 *
 * Knobs: REALTIME_CAPACITY_SERVERS (ours,ours-unbatched,bare,socketio), _CLIENTS (5000), _RATES (events/s
 * steps), _STEP_SECONDS (20), _P99_MS (50), _LATENCY_CLIENTS (1000), _LATENCY_RATE (100),
 * _LATENCY_SECONDS (10), _IDLE (10000), _PROFILE=1 (`--cpu-prof` of each server into bench/.profiles).
 */
import { fileURLToPath } from 'node:url';
import {
  type Child,
  cpuSeconds,
  FILE_LIMIT,
  listeningPort,
  loadAverage,
  runQueueWaitSeconds,
  spawnPinned,
} from './realtime-capacity/children.js';
import type { GeneratorCommand, StepResult } from './realtime-capacity/generator.js';
import type { ProtocolName } from './realtime-capacity/protocols.js';
import type { PublishTarget } from './realtime-capacity/publisher.js';

const env = process.env;
const quick = env.REALTIME_CAPACITY_QUICK === '1';
const num = (name: string, full: number, fast: number) =>
  Number(env[`REALTIME_CAPACITY_${name}`] ?? (quick ? fast : full));
const CLIENTS = num('CLIENTS', 5000, 1000);
const STEP_SECONDS = num('STEP_SECONDS', 20, 3);
const P99_MS = num('P99_MS', 50, 50);
const LATENCY_CLIENTS = num('LATENCY_CLIENTS', 1000, 200);
const LATENCY_RATE = num('LATENCY_RATE', 100, 100);
const LATENCY_SECONDS = num('LATENCY_SECONDS', 10, 3);
const IDLE = num('IDLE', 10_000, 2000);
const RATES = (
  env.REALTIME_CAPACITY_RATES ?? (quick ? '20,40,60,80,100,140,180,240' : '10,15,20,25,30,35,40,45,50,60,70,80,100')
)
  .split(',')
  .map(Number);
const SERVERS = (env.REALTIME_CAPACITY_SERVERS ?? 'ours,ours-unbatched,bare,socketio').split(',');
const PROFILE_DIR = env.REALTIME_CAPACITY_PROFILE === '1' ? fileURLToPath(new URL('./.profiles', import.meta.url)) : '';

const APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret', channel: 'private-workspace-bench' };
const STANDALONE = 'packages/realtime/src/standalone.ts';

interface ServerKind {
  label: string;
  protocol: ProtocolName;
  api: PublishTarget['api'];
  args: string[];
  env?: Record<string, string>;
}

const KINDS: Record<string, ServerKind> = {
  ours: { label: 'ours (packages/realtime, batchWrites on)', protocol: 'pusher', api: 'pusher', args: [STANDALONE] },
  'ours-unbatched': {
    label: 'ours, batchWrites off (no cork)',
    protocol: 'pusher',
    api: 'pusher',
    args: [STANDALONE],
    env: { REALTIME_BATCH_WRITES: '0' },
  },
  bare: {
    label: 'bare `ws` loop (the limit)',
    protocol: 'bare',
    api: 'plain',
    args: ['bench/realtime-capacity/servers/bare-ws.ts'],
  },
  socketio: {
    label: 'Socket.IO 4.8 (the peer)',
    protocol: 'socketio',
    api: 'plain',
    args: ['bench/realtime-capacity/servers/socket-io.ts'],
  },
};

interface Memory {
  heapUsed: number;
  rss: number;
}

interface ServerResult {
  kind: ServerKind;
  steps: Array<
    StepResult & { serverCpu: number; serverWaiting: number; microsPerDelivery: number; load: string; pass: boolean }
  >;
  capacity: number;
  latency?: StepResult;
  idle?: { connections: number; heapPerConn: number; rssPerConn: number };
}

const log = (text: string) => process.stderr.write(`${text}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startServer(kind: ServerKind, name: string): Promise<{ child: Child; port: number }> {
  const profile = PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`]
    : [];
  const child = spawnPinned(0, [...profile, ...kind.args], {
    PORT: '0',
    LOG_LEVEL: 'warn',
    REALTIME_APP_ID: APP.appId,
    REALTIME_KEY: APP.key,
    REALTIME_SECRET: APP.secret,
    // Every bench client comes from 127.0.0.1: no per-address cap.
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
    ...kind.env,
  });
  return { child, port: await listeningPort(child) };
}

async function memory(server: Child): Promise<Memory> {
  await sleep(1000);
  return (await server.ask<{ memory: Memory }>('memory')).memory;
}

function connect(generator: Child, kind: ServerKind, port: number, count: number) {
  const command: GeneratorCommand = { cmd: 'connect', protocol: kind.protocol, port, count, ...APP };
  return generator.ask<{ connected: number }>(command);
}

async function step(generator: Child, server: Child, target: PublishTarget, rate: number, seconds: number) {
  const pid = server.process.pid as number;
  const cpu0 = cpuSeconds(pid);
  const wait0 = runQueueWaitSeconds(pid);
  const t0 = performance.now();
  const command: GeneratorCommand = { cmd: 'step', rate, seconds, graceSeconds: 2, target };
  const result = await generator.ask<StepResult>(command);
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds(pid) - cpu0;
  const serverCpu = Math.round((cpu / wall) * 100);
  // On a shared machine the pinned core is not ours alone: time spent waiting for it, and CPU per delivery.
  const serverWaiting = Math.round(((runQueueWaitSeconds(pid) - wait0) / wall) * 100);
  const microsPerDelivery = result.received > 0 ? (cpu * 1e6) / result.received : Number.NaN;
  const pass = result.dropped === 0 && result.publishErrors === 0 && result.closed === 0 && result.p99 <= P99_MS;
  return { ...result, serverCpu, serverWaiting, microsPerDelivery, load: loadAverage(), pass };
}

async function measure(name: string, generator: Child): Promise<ServerResult> {
  const kind = KINDS[name];
  if (!kind) throw new Error(`unknown server ${name}; one of ${Object.keys(KINDS).join(', ')}`);
  const { child: server, port } = await startServer(kind, name);
  const target: PublishTarget = { port, api: kind.api, ...APP };
  const result: ServerResult = { kind, steps: [], capacity: 0 };
  try {
    // (c) idle connections first, on a fresh server.
    const before = await memory(server);
    const { connected } = await connect(generator, kind, port, IDLE);
    const after = await memory(server);
    result.idle = {
      connections: connected,
      heapPerConn: (after.heapUsed - before.heapUsed) / connected,
      rssPerConn: (after.rss - before.rss) / connected,
    };
    log(
      `${name}: idle ${connected}: ${(result.idle.heapPerConn / 1024).toFixed(2)} KB heap, ${(result.idle.rssPerConn / 1024).toFixed(2)} KB RSS a connection`,
    );

    // (a) capacity: step the rate up until a step fails.
    await generator.ask({ cmd: 'disconnect', keep: CLIENTS } satisfies GeneratorCommand);
    await step(generator, server, target, 5, 1); // warm-up
    for (const rate of RATES) {
      const s = await step(generator, server, target, rate, STEP_SECONDS);
      result.steps.push(s);
      log(
        `${name}: ${s.clients} clients × ${rate}/s: p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, max ${s.max.toFixed(1)} ms, ` +
          `dropped ${s.dropped}, publish errors ${s.publishErrors}, ${s.deliveriesPerSecond}/s, server CPU ${s.serverCpu} % (${s.microsPerDelivery.toFixed(2)} µs a delivery), waiting for CPU ${s.serverWaiting} %, generator CPU ${s.generatorCpu} %, load ${s.load} ${s.pass ? 'ok' : 'FAIL'}`,
      );
      if (!s.pass) break;
      result.capacity = rate;
    }

    // (b) latency at a fixed load.
    await generator.ask({ cmd: 'disconnect', keep: LATENCY_CLIENTS } satisfies GeneratorCommand);
    await sleep(1000);
    result.latency = await step(generator, server, target, LATENCY_RATE, LATENCY_SECONDS);
    log(
      `${name}: ${result.latency.clients} × ${LATENCY_RATE}/s: p50 ${result.latency.p50.toFixed(2)} ms, p99 ${result.latency.p99.toFixed(2)} ms, dropped ${result.latency.dropped}`,
    );
  } finally {
    await generator.ask({ cmd: 'disconnect', keep: 0 } satisfies GeneratorCommand);
    await server.stop();
  }
  return result;
}

/** Median server CPU time per delivery over the capacity steps (steady even when the core is shared). */
function cost(r: ServerResult): string {
  const values = r.steps
    .map((s) => s.microsPerDelivery)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const median = values[Math.floor(values.length / 2)];
  return median === undefined ? '–' : `${median.toFixed(2)} µs`;
}

function table(results: ServerResult[]): string {
  const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)} KB`);
  const lines = [
    `| server | capacity at ${CLIENTS} clients (events/s) | deliveries/s | p99 at capacity | server CPU at capacity | first failing step | ${LATENCY_CLIENTS} × ${LATENCY_RATE}/s p50 / p99 | server CPU a delivery | heap / RSS per idle connection (${IDLE}) |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const r of results) {
    const ok = r.steps.filter((s) => s.pass).at(-1);
    const failed = r.steps.find((s) => !s.pass);
    const why = failed
      ? `${failed.rate}/s: p99 ${failed.p99.toFixed(1)} ms, dropped ${failed.dropped}${failed.closed ? `, closed ${failed.closed}` : ''}`
      : 'none';
    const latency = r.latency ? `${r.latency.p50.toFixed(2)} / ${r.latency.p99.toFixed(2)} ms` : '–';
    lines.push(
      `| ${r.kind.label} | **${r.capacity}** | ${ok?.deliveriesPerSecond ?? '–'} | ${ok ? `${ok.p99.toFixed(1)} ms` : '–'} | ${ok ? `${ok.serverCpu} %` : '–'} | ${why} | ${latency} | ${cost(r)} | ${kb(r.idle?.heapPerConn)} / ${kb(r.idle?.rssPerConn)} |`,
    );
  }
  return lines.join('\n');
}

log(
  `load average at start: ${loadAverage()}; file limit for children: ${FILE_LIMIT}; ${quick ? 'QUICK mode' : 'full run'}`,
);
const generator = spawnPinned(1, ['bench/realtime-capacity/generator.ts']);
await new Promise((resolve) => generator.process.once('message', resolve));
const results: ServerResult[] = [];
try {
  for (const name of SERVERS) results.push(await measure(name, generator));
} finally {
  await generator.ask({ cmd: 'exit' } satisfies GeneratorCommand).catch(() => undefined);
}
console.log(table(results));
const byName = (n: string) => results.find((r) => r.kind === KINDS[n])?.capacity;
const [ours, bare, sio] = [byName('ours'), byName('bare'), byName('socketio')];
if (ours && bare) console.log(`\nours ÷ bare ws: ${((ours / bare) * 100).toFixed(0)} % (target ≥ 80 %)`);
if (ours && sio) console.log(`ours ÷ Socket.IO: ${(ours / sio).toFixed(2)}× (target ≥ 1.3×)`);
console.log(`load average at end: ${loadAverage()}`);
process.exit(0);
