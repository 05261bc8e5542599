import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface ExtraServer {
  baseUrl: string;
  stop: () => Promise<void>;
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
 * that needs other environment variables than e2e/run.mjs's server — e.g. a Google key.
 * `E2E_SERVER_ARGS` (JSON array) replaces the entry point, e.g. `["--import","tsx","apps/server/src/main.ts"]`.
 */
export async function startExtraServer(env: Record<string, string>): Promise<ExtraServer> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-e2e-extra-'));
  const args = process.env.E2E_SERVER_ARGS
    ? (JSON.parse(process.env.E2E_SERVER_ARGS) as string[])
    : [path.join(root, 'apps/server/dist/main.js')];
  const log = fs.openSync(path.join(dir, 'server.log'), 'w');
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'e2e.sqlite')}`,
      FIELDPLAN_DEMO: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) {
        return {
          baseUrl,
          stop: async () => {
            if (child.exitCode !== null) return;
            const exited = new Promise((resolve) => child.once('exit', resolve));
            child.kill('SIGTERM');
            await exited;
          },
        };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error(`the extra server did not start:\n${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`);
}
