#!/usr/bin/env node
// `npm start`: builds what is not built yet (or is older than its sources), then runs the server,
// which migrates, seeds the demo workspace on an empty database and serves SPA + API on one port.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
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
for (const step of steps) {
  if (!isStale(step.output, step.sources)) continue;
  console.log(`Building ${step.workspace}…`);
  const result = spawnSync(npm, ['run', 'build', '-w', step.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
