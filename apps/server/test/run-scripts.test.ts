import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { spawnOwned, stopChild, untilReady } from '../../../scripts/children.mjs';
import { eventually, repoRoot } from './realtime-harness.js';

// `npm start` (scripts/start.mjs) is how a server is run outside a container, `npm run dev`
// (scripts/dev.mjs) how a developer works: stopping either must stop what it started. The scripts run
// here as they are, in a copy of the repository's layout whose build is already there — a stand-in
// server that says its pid and exits with 7 on SIGTERM — and whose workspaces' `dev` scripts are
// stand-ins too.

/** A workspace's `dev` stand-in: says its pid and runs until stopped. */
const devStandIn = `console.log(JSON.stringify({ devPid: process.pid })); setInterval(() => {}, 1000);`;

const standIn = `import http from 'node:http';
const server = http.createServer((_req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ serverPid: process.pid })));
process.on('SIGTERM', () => server.close(() => process.exit(7)));
`;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start and npm run dev', () => {
  let dir: string;
  const servers: number[] = [];
  const runs: ChildProcess[] = [];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-start-'));
    fs.mkdirSync(path.join(dir, 'scripts'));
    for (const file of ['start.mjs', 'dev.mjs', 'lib.mjs', 'children.mjs']) {
      fs.copyFileSync(path.join(repoRoot, 'scripts', file), path.join(dir, 'scripts', file));
    }
    const rootPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    const { start, dev } = rootPackage.scripts;
    const workspaces = ['apps/server', 'apps/web'];
    const copy = { name: 'scripts-copy', private: true, type: 'module', workspaces, scripts: { start, dev } };
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(copy));
    for (const workspace of workspaces) {
      fs.mkdirSync(path.join(dir, workspace), { recursive: true });
      const name = `stand-in-${path.basename(workspace)}`;
      const manifest = { name, private: true, scripts: { dev: 'node dev-stand-in.mjs' } };
      fs.writeFileSync(path.join(dir, workspace, 'package.json'), JSON.stringify(manifest));
      fs.writeFileSync(path.join(dir, workspace, 'dev-stand-in.mjs'), devStandIn);
    }
    // Built, and no sources newer than the build: start.mjs runs what is there.
    fs.mkdirSync(path.join(dir, 'apps/web/dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'apps/web/dist/index.html'), '<!doctype html>');
    fs.mkdirSync(path.join(dir, 'apps/server/dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'apps/server/dist/main.js'), standIn);
  });
  afterEach(async () => {
    // What a failed check left running is stopped here, by its id.
    for (const pid of servers.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await Promise.all(runs.splice(0).map((run) => stopChild(run, 'SIGKILL')));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Starts `command` in the copy; resolves once the stand-in server runs, with its pid. */
  const start = async (command: string, args: string[]) => {
    const run = spawnOwned(command, args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    runs.push(run);
    // npm itself takes seconds to start on a busy machine.
    const line = await untilReady(run, /serverPid/, { timeoutMs: 40_000, what: `${command} ${args.join(' ')}` });
    const { serverPid } = JSON.parse(line) as { serverPid: number };
    servers.push(serverPid);
    return { run, serverPid };
  };

  it('SIGTERM to npm stops the server that start.mjs started', async () => {
    const { run, serverPid } = await start('npm', ['start', '--silent']);
    const exited = once(run, 'exit');
    run.kill('SIGTERM');
    await eventually(() => !alive(serverPid), 10_000, 'the server to stop');
    await exited;
  }, 60_000);

  it.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)(
    'on %s the script stops the server and exits with its code',
    async (signal) => {
      const { run, serverPid } = await start(process.execPath, ['scripts/start.mjs']);
      const exited = once(run, 'exit');
      run.kill(signal);
      const [code] = await exited;
      // SIGTERM (and a hang-up, passed on as SIGTERM) ends the stand-in with 7; SIGINT kills it.
      expect(code).toBe(signal === 'SIGINT' ? 130 : 7);
      await eventually(() => !alive(serverPid), 10_000, 'the server to stop');
    },
    60_000,
  );

  it('SIGTERM to npm run dev stops the dev servers of both workspaces', async () => {
    const run = spawnOwned('npm', ['run', 'dev', '--silent'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    runs.push(run);
    const pids: number[] = [];
    run.stdout?.on('data', (chunk: Buffer) => {
      for (const match of String(chunk).matchAll(/"devPid":(\d+)/g)) pids.push(Number(match[1]));
    });
    servers.push(...(await untilReady(run, async () => (pids.length === 2 ? pids : undefined), { timeoutMs: 40_000 })));
    const exited = once(run, 'exit');
    run.kill('SIGTERM');
    await eventually(() => pids.every((pid) => !alive(pid)), 10_000, 'both dev servers to stop');
    await exited;
  }, 60_000);
});
