#!/usr/bin/env node
// `npm start`: builds what is not built yet (or is older than its sources), then runs the server,
// which migrates, seeds the demo workspace on an empty database and serves SPA + API on one port.
// A stop (SIGINT, SIGTERM, SIGHUP, or npm's shell dying) stops the build or the server and this script
// exits with the server's code: nothing is left running (docs/DEPLOY.md).
import { once } from 'node:events';
import path from 'node:path';
import { exitCodeOf, onStopRequest, signalChild, spawnOwned } from './children.mjs';
import { isStale, root } from './lib.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const steps = [
  {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/track.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
    workspace: 'apps/web',
  },
  { output: 'apps/server/dist/main.js', sources: ['apps/server/src', 'packages/shared/src'], workspace: 'apps/server' },
];

let current = null; // the build or the server, whichever runs now
let stopped = null; // the signal that asked this script to stop
onStopRequest((signal) => {
  stopped ??= signal;
  // The server stops gracefully on SIGTERM and SIGINT; a hang-up means the same here.
  if (current) signalChild(current, signal === 'SIGHUP' ? 'SIGTERM' : signal);
});

for (const step of steps) {
  if (stopped || !isStale(step.output, step.sources)) continue;
  console.log(`Building ${step.workspace}…`);
  // Its own process group, so a stop reaches the build's tools under npm's shell too.
  current = spawnOwned(npm, ['run', 'build', '-w', step.workspace], { cwd: root, stdio: 'inherit', detached: true });
  const [code, signal] = await once(current, 'exit');
  if (stopped || code !== 0) process.exit(exitCodeOf(code, signal));
}
if (stopped) process.exit(exitCodeOf(null, stopped));

current = spawnOwned(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
const [code, signal] = await once(current, 'exit');
process.exit(exitCodeOf(code, signal));
