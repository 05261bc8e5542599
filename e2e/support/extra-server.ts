import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawnOwned } from '../../scripts/children.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface ExtraServer {
  baseUrl: string;
  /** Stops the process (SIGTERM, as a deploy would) and waits until it has exited. */
  stop: () => Promise<void>;
  /** Starts a stopped server again: same port, same SQLite file, same environment. */
  start: () => Promise<void>;
  /** `stop()` then `start()`: a restart, the database and its change log kept. */
  restart: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A second Fieldplan (the built apps/server/dist/main.js, demo seeded, fresh SQLite) for a spec
 * that needs other environment variables than e2e/run.mjs's server — e.g. a Google key — or
 * one it may stop and start (a restart keeps the port and the database; the demo is seeded once).
 * `E2E_SERVER_ARGS` (JSON array) replaces the entry point, e.g. `["--import","tsx","apps/server/src/main.ts"]`.
 */
export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-e2e-extra-'));
  const args = process.env.E2E_SERVER_ARGS
    ? (JSON.parse(process.env.E2E_SERVER_ARGS) as string[])
    : [path.join(root, 'apps/server/dist/main.js')];
  const logFile = path.join(dir, 'server.log');
  const baseUrl = `http://localhost:${port}`;
  let child: ChildProcess | null = null;

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };

  const start = async () => {
    if (child && child.exitCode === null) throw new Error('the extra server is already running');
    // Appended, so a restarted server's log follows the first one's.
    const log = fs.openSync(logFile, 'a');
    // Owned (scripts/children.mjs): killed with the test process if a spec never stops it.
    const spawned = spawnOwned(process.execPath, args, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(dir, 'e2e.sqlite')}`,
        FIELDPLAN_DEMO: '1',
        LOG_LEVEL: 'warn',
        // Street search would ask the public geocoder: the browser tests talk only to loopback.
        GEOCODER_URL: 'off',
        ...env,
      },
      stdio: ['ignore', log, log],
    });
    fs.closeSync(log);
    child = spawned;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && spawned.exitCode === null) {
      try {
        if ((await fetch(`${baseUrl}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    await stop();
    throw new Error(`the extra server did not start:\n${fs.readFileSync(logFile, 'utf8')}`);
  };

  await start();
  return {
    baseUrl,
    stop,
    start,
    restart: async () => {
      await stop();
      await start();
    },
  };
}
