import type { Db } from '../apps/server/src/db/database.js';
// One way to make a throw-away database, for tests and benchmarks alike.
import { createTestDb } from '../apps/server/test/harness.js';

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
