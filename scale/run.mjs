#!/usr/bin/env node
// `node scale/run.mjs [vitest args]`: the scale-out suite (scale/README.md). Checks what it needs —
// the build, nginx, redis-server, PostgreSQL, Chromium — then runs the specs, each of which starts
// its own nginx + two Fieldplan processes + private Redis + fresh PostgreSQL database and stops them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exitCodeOf, onStopRequest, signalChild, spawnOwned } from '../scripts/children.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const problems = [];
for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!fs.existsSync(path.join(root, built))) problems.push(`${built} is missing: run \`npm run build\` first.`);
}
const nginx = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
if (!fs.existsSync(nginx)) problems.push(`nginx not found at ${nginx}: apt-get install -y nginx, or set NGINX_PATH.`);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) problems.push(`Chromium not found at ${chromium}: apt-get install -y chromium.`);
if (spawnSync('redis-server', ['--version']).status !== 0) problems.push('redis-server is not installed.');
if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-q']).status !== 0) {
  problems.push('PostgreSQL does not answer on 127.0.0.1:5432 (FIELDPLAN_TEST_PG_URL names another one).');
}
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}

// Every process a spec starts (nginx, Fieldplan, redis-server) is noted here; whatever a crashed spec
// left running is stopped after the run, by its id, so no nginx or Redis outlives the suite.
const pidsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-scale-run-')), 'pids');
fs.writeFileSync(pidsFile, '');
const leftovers = () => {
  for (const pid of fs.readFileSync(pidsFile, 'utf8').split('\n').filter(Boolean).map(Number)) {
    let cmdline = '';
    try {
      cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue; // gone already
    }
    if (/nginx|redis-server|dist\/main\.js/.test(cmdline)) process.kill(pid, 'SIGKILL');
  }
  fs.rmSync(path.dirname(pidsFile), { recursive: true, force: true });
};

const vitest = spawnOwned(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'scale/vitest.config.ts',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, SCALE_PIDS_FILE: pidsFile } },
);
// Stopped from outside (Ctrl-C, SIGTERM, npm's shell gone): the specs stop, then the leftovers are cleared.
onStopRequest((signal) => signalChild(vitest, signal === 'SIGHUP' ? 'SIGTERM' : signal));
vitest.on('exit', (code, signal) => {
  leftovers();
  process.exit(exitCodeOf(code, signal));
});
