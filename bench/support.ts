import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Db } from '../apps/server/src/db/database.js';
// One way to make a throw-away database, for tests and benchmarks alike.
import { createTestDb } from '../apps/server/test/harness.js';
import { spawnOwned, untilReady } from '../scripts/children.mjs';

/** A fresh, migrated database of the given dialect for one benchmark run, dropped by `cleanup`. */
export function benchDb(dialect: 'sqlite' | 'postgres'): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  return createTestDb(dialect, 'fieldplan_bench');
}

/** Percentile (0–100) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** The median of a list of numbers: with an even count, the mean of the middle two. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? (sorted[half] ?? Number.NaN) : ((sorted[half - 1] ?? 0) + (sorted[half] ?? 0)) / 2;
}

/**
 * Runs `task` `total` times with `concurrency` in flight; returns each call's latency in ms.
 * Bounded by count, so it always stops.
 */
export async function load(task: () => Promise<void>, total: number, concurrency: number): Promise<number[]> {
  const latencies: number[] = [];
  let started = 0;
  const worker = async () => {
    while (started < total) {
      started += 1;
      const t0 = performance.now();
      await task();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return latencies;
}

export const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const root = fileURLToPath(new URL('..', import.meta.url));

/** A TCP port free on loopback right now. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/**
 * The built server (`npm run build` first) in a child process on a free loopback port, with the demo
 * workspace, answering once it says it is running. `webDist: ''` serves the API only.
 */
export async function startFieldplan(options: {
  databaseUrl: string;
  webDist: string;
}): Promise<{ child: ChildProcess; origin: string }> {
  const port = await freePort();
  // BENCH_SERVER_MAIN: another build of the server (a copy of dist/ beside it), to alternate before and
  // after; BENCH_SERVER_NODE_ARGS: Node's options for it (`--cpu-prof --cpu-prof-dir=…`, one profile a thread).
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  // Owned (scripts/children.mjs): killed if it is not running within 60 s, and with the benchmark.
  const child = spawnOwned(
    process.execPath,
    [...nodeArgs, process.env.BENCH_SERVER_MAIN ?? 'apps/server/dist/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: options.databaseUrl,
        WEB_DIST: options.webDist,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await untilReady(child, /Fieldplan is running/, { timeoutMs: 60_000, what: 'the server' });
  return { child, origin: `http://127.0.0.1:${port}` };
}
