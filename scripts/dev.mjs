#!/usr/bin/env node
// `npm run dev`: the server under tsx watch on :3000 and Vite's dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = [
  spawn(npm, ['run', 'dev', '-w', 'apps/server'], {
    cwd: root,
    stdio: 'inherit',
    // No load balancer to drain in development: a reload (tsx watch's SIGTERM) needn't wait for one.
    env: { SHUTDOWN_DRAIN_MS: '0', ...process.env, NODE_ENV: 'development' },
  }),
  spawn(npm, ['run', 'dev', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
