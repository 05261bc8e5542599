#!/usr/bin/env node
// `npm run test:e2e`: starts the built Fieldplan on a free port with a fresh SQLite database,
// waits for /readyz, runs the Playwright specs (Vitest + playwright-core driving Debian's
// Chromium), and stops the server. Extra arguments go to Vitest. Build first (`npm run build`).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exitCodeOf, onStopRequest, signalChild, spawnOwned } from '../scripts/children.mjs';
import { startMailCatcher } from './support/mail-catcher.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(`Chromium not found at ${chromium}: install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
  if (!fs.existsSync(path.join(root, built))) {
    console.error(`${built} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = srv.address();
    srv.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-e2e-'));
const baseUrl = `http://localhost:${port}`;
const logFile = path.join(dataDir, 'server.log');
const log = fs.openSync(logFile, 'w');
// Customer email goes to a real SMTP server on loopback; specs read it through E2E_INBOX_URL (support/inbox.ts).
const mail = await startMailCatcher();
// Owned (scripts/children.mjs): killed with this script however it ends.
const server = spawnOwned(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.sqlite')}`,
    FIELDPLAN_DEMO: '1',
    // Every spec signs in from 127.0.0.1; the product limit (10/min) is covered by the API suites.
    SIGNIN_ATTEMPTS_PER_MINUTE: '1000',
    LOG_LEVEL: 'warn',
    // Street search would ask the public geocoder: the browser tests talk only to loopback.
    GEOCODER_URL: 'off',
    SMTP_URL: mail.smtpUrl,
    SMTP_FROM: 'visits@fieldplan.test',
    // A spec waits for an email a user's action caused: look for due ones every half second, not every 10 s.
    NOTIFICATIONS_POLL_MS: '500',
  },
  stdio: ['ignore', log, log],
});

const stop = () => signalChild(server, 'SIGTERM');
let vitest = null;
// Stopped from outside (Ctrl-C, SIGTERM, npm's shell gone): the specs and the server stop too.
onStopRequest((signal) => {
  if (vitest) signalChild(vitest, signal === 'SIGHUP' ? 'SIGTERM' : signal);
  else process.exit(exitCodeOf(null, signal));
});

const deadline = Date.now() + 60_000;
let ready = false;
while (Date.now() < deadline && server.exitCode === null) {
  try {
    const res = await fetch(`${baseUrl}/readyz`);
    if (res.ok) {
      ready = true;
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 200));
}
if (!ready) {
  console.error(`Fieldplan did not become ready; server log:\n${fs.readFileSync(logFile, 'utf8')}`);
  stop();
  process.exit(1);
}

// Not spawnSync: the mail catcher answers in this process's event loop while the specs run.
vitest = spawnOwned(
  process.execPath,
  [
    path.join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--config',
    'e2e/vitest.config.ts',
    ...process.argv.slice(2),
  ],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromium, E2E_INBOX_URL: mail.inboxUrl },
  },
);
const status = await new Promise((resolve) => vitest.on('exit', (code, signal) => resolve(exitCodeOf(code, signal))));
stop();
await mail.close();
if (status !== 0) {
  const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  console.error(`\nServer log (last lines, ${logFile}):\n${tail}`);
}
process.exit(status ?? 1);
