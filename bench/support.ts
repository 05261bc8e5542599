import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, migrate, openDb } from '../apps/server/src/db/database.js';

export const pgAdminUrl = process.env.FIELDPLAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh database of the given dialect for one benchmark run, dropped by `cleanup`. */
export async function benchDb(dialect: 'sqlite' | 'postgres'): Promise<{ db: Db; cleanup: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const name = `fieldplan_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    const db = openDb(url.toString());
    await migrate(db);
    return {
      db,
      cleanup: async () => {
        await db.close();
        const a = new pg.Client({ connectionString: pgAdminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-bench-'));
  const db = openDb(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  await migrate(db);
  return {
    db,
    cleanup: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
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
