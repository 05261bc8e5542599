import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnOwned } from '../../../scripts/children.mjs';
import { migrations } from '../src/db/migrations/index.js';
import { testDialect } from './harness.js';
import { eventually, repoRoot, sleep, spawnUntil, stopChild } from './realtime-harness.js';
import { emptyDatabase } from './shared-database.js';

// Several server processes starting at once on one new database (docs/DEPLOY.md, "Upgrades"): one
// migrates, the others wait for it — also past the statement timeout — and all of them start.

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

const children: ChildProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await stopChild(child);
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const serverEnv = (url: string, port: number) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: url,
  FIELDPLAN_DEMO: '0',
  WEB_DIST: '',
  LOG_LEVEL: 'warn',
  SHUTDOWN_DRAIN_MS: '0',
});

const waiting = 'migrations: another process is migrating the database, waiting for it';

/** A real server process (src/main.ts under tsx) on `url`, resolved once it says it is running. */
async function startServer(url: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const started = await spawnUntil(
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    { ...serverEnv(url, port), ...env },
    /Fieldplan is running/,
    90_000,
  );
  children.push(started.child);
  return { port, output: started.output };
}

const readyz = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`)).status;

/** The migrations the database recorded as applied, by name. */
async function applied(url: string): Promise<string[]> {
  if (url.startsWith('postgres')) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name');
    await client.end();
    return rows.map((r) => r.name);
  }
  const db = new SQLite(url.replace(/^sqlite:/, ''), { readonly: true });
  const rows = db.prepare('SELECT name FROM kysely_migration ORDER BY name').all() as { name: string }[];
  db.close();
  return rows.map((r) => r.name);
}

describe(`migrations when several processes start at once (${testDialect})`, () => {
  it('three processes started together on an empty database all start, and each migration ran once', async () => {
    const { url, drop } = await emptyDatabase();
    cleanups.push(drop);
    const servers = await Promise.all([startServer(url), startServer(url), startServer(url)]);
    for (const server of servers) expect(await readyz(server.port)).toBe(200);
    expect(await applied(url)).toEqual(Object.keys(migrations).sort());
  }, 120_000);

  it('a process that finds the database being migrated waits for it — longer than its statement timeout — then starts', async () => {
    const { url, drop } = await emptyDatabase();
    cleanups.push(drop);
    // Another process "migrating": it holds the lock a migrating process holds until the new process
    // has said it waits (on SQLite after the 5 s busy timeout), and 1.5 s longer.
    let release: () => Promise<void>;
    if (testDialect === 'postgres') {
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      await holder.query('SELECT pg_advisory_lock($1)', [0x46504d47]);
      release = async () => {
        await holder.query('SELECT pg_advisory_unlock($1)', [0x46504d47]);
        await holder.end();
      };
    } else {
      const holder = new SQLite(url.replace(/^sqlite:/, ''));
      holder.pragma('journal_mode = WAL');
      holder.exec('BEGIN IMMEDIATE');
      release = async () => {
        holder.exec('COMMIT');
        holder.close();
      };
    }
    const port = await freePort();
    const child = spawnOwned(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: { ...process.env, ...serverEnv(url, port), DATABASE_STATEMENT_TIMEOUT_MS: '1000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    await eventually(() => output.includes(waiting), 90_000, 'the waiting line');
    // Held past the waiter's statement timeout (1 s) before the "other process" finishes.
    await sleep(1_500);
    expect(output).not.toContain('Fieldplan is running');
    await release();
    await eventually(() => output.includes('Fieldplan is running'), 60_000, 'the start after the wait');
    expect(await readyz(port)).toBe(200);
    expect(await applied(url)).toEqual(Object.keys(migrations).sort());
  }, 120_000);
});
