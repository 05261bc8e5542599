#!/usr/bin/env node
// `npm run dev`: the server under tsx watch on :3000 and Vite's dev server on :5173 (proxying /api).
// Each runs in its own process group (npm → sh → the tool), so a stop reaches the tools themselves:
// Ctrl-C, SIGTERM, SIGHUP or npm's shell dying stops both, as does either one ending.
import { exitCodeOf, onStopRequest, signalChild, spawnOwned } from './children.mjs';
import { root } from './lib.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// No terminal input: a process group in the background that read it would be stopped (SIGTTIN).
const stdio = ['ignore', 'inherit', 'inherit'];
const children = [
  spawnOwned(npm, ['run', 'dev', '-w', 'apps/server'], {
    cwd: root,
    stdio,
    detached: true,
    // No load balancer to drain in development: a reload (tsx watch's SIGTERM) needn't wait for one.
    env: { SHUTDOWN_DRAIN_MS: '0', ...process.env, NODE_ENV: 'development' },
  }),
  spawnOwned(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio, detached: true }),
];
const stop = (signal) => {
  for (const child of children) signalChild(child, signal === 'SIGHUP' ? 'SIGTERM' : signal);
};
onStopRequest(stop);
let code = null;
for (const child of children)
  child.on('exit', (exitCode, signal) => {
    code ??= exitCodeOf(exitCode, signal);
    stop('SIGTERM');
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(code);
  });
