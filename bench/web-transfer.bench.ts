// What a cold page load downloads and how long it takes, with the web build's precompressed copies
// (.br/.gz, served by @fastify/static `preCompressed`) against the same build without them (the
// peer: every file sent as it is, as the server did before). The built server (`npm run build`
// first) runs twice in child processes on a fresh SQLite file with the demo workspace; Debian's
// Chromium loads four screens with its cache off: the sign-in page, the customer's tracking page
// and the technician's day (390 px phone), and the dispatch board (1440 px desktop). Each on
// loopback and on a throttled phone link (Chrome's "slow 4G" as Lighthouse uses it: 1.6 Mbit/s
// down, 750 kbit/s up, 150 ms round trip). Times run to the screen's content being on screen.
// The technician's day and the board open on a weekday the demo seeded (the day of the tracked visit),
// named in the address: on a weekend "today" has no visits, and the browser's clock is not the
// server's under scripts/test-clock.mjs (Chromium doesn't load it).
// Knobs: WEB_TRANSFER_BENCH_ROUNDS (default 3; medians reported); BENCH_ONLY=<text>, only the screens
// whose name holds it (`BENCH_ONLY=day`). Asserts nothing.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { type Session, signIn, trackedVisit } from './demo-app.js';
import { percentile, startFieldplan } from './support.js';

const ROUNDS = Number(process.env.WEB_TRANSFER_BENCH_ROUNDS ?? 3);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = path.join(ROOT, 'apps/web/dist');

/** The build without its .br/.gz copies: what the server sent before precompression. */
function plainCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-plain-dist-'));
  fs.cpSync(DIST, dir, { recursive: true, filter: (src) => !/\.(br|gz)$/.test(src) });
  return dir;
}

interface Screen {
  name: string;
  path: string;
  phone: boolean;
  who?: Session;
  /** Resolves once the screen's content is on screen. */
  ready: (page: Page) => Promise<unknown>;
}

interface Load {
  ms: number;
  bytes: number;
}

const slow4g = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: (750e3 / 8) * 0.9,
};

async function load(browser: Browser, origin: string, screen: Screen, throttled: boolean): Promise<Load> {
  const context = await browser.newContext({
    viewport: screen.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    serviceWorkers: 'block',
  });
  if (screen.who) {
    const [name = '', value = ''] = screen.who.cookie.split('=');
    await context.addCookies([{ name, value, url: origin }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttled) await cdp.send('Network.emulateNetworkConditions', slow4g);
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });
  const t0 = performance.now();
  await page.goto(`${origin}${screen.path}`, { waitUntil: 'commit' });
  await screen.ready(page);
  const ms = performance.now() - t0;
  // Whatever the screen still fetches after its content shows (the board's map, realtime) is not counted.
  await context.close();
  return { ms, bytes };
}

async function measure(origin: string, { trackPath, date }: { trackPath: string; date: string }) {
  const tech = await signIn(origin, 'tech1@demo.test');
  const office = await signIn(origin, 'dispatcher@demo.test');
  const screens: Screen[] = [
    {
      name: 'sign-in (phone)',
      path: '/login',
      phone: true,
      ready: (page) => page.getByRole('button', { name: /sign in/i }).waitFor({ timeout: 120_000 }),
    },
    {
      name: 'tracking link (phone)',
      path: trackPath,
      phone: true,
      ready: (page) => page.locator('.track-map .leaflet-container path').first().waitFor({ timeout: 120_000 }),
    },
    {
      name: 'my day (phone)',
      path: `/w/demo/my-day?date=${date}`,
      phone: true,
      who: tech,
      ready: (page) => page.locator('.myday-card-head').first().waitFor({ timeout: 120_000 }),
    },
    {
      name: 'dispatch board (desktop)',
      path: `/w/demo/dispatch?date=${date}`,
      phone: false,
      who: office,
      ready: (page) => page.locator('.fc-event').first().waitFor({ timeout: 120_000 }),
    },
  ];
  const only = process.env.BENCH_ONLY;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const results = new Map<string, Load[]>();
  try {
    for (const throttled of [false, true]) {
      for (const screen of screens.filter((s) => !only || s.name.includes(only))) {
        await load(browser, origin, screen, throttled); // warm the server's caches
        for (let round = 0; round < ROUNDS; round++) {
          const key = `${screen.name}|${throttled ? 'slow 4G' : 'loopback'}`;
          results.set(key, [...(results.get(key) ?? []), await load(browser, origin, screen, throttled)]);
        }
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

const plainDist = plainCopy();
const rows: string[] = [];
const measured: Record<string, Map<string, Load[]>> = {};
try {
  for (const [variant, dist] of [
    ['precompressed', DIST],
    ['as is (peer)', plainDist],
  ] as const) {
    const data = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-transfer-'));
    const server = await startFieldplan({
      databaseUrl: `sqlite:${path.join(data, 'fieldplan.sqlite')}`,
      webDist: dist,
    });
    try {
      const visit = await trackedVisit(server.origin);
      console.log(`${variant}: the technician's day and the board on ${visit.date}`);
      measured[variant] = await measure(server.origin, visit);
    } finally {
      server.child.kill();
      fs.rmSync(data, { recursive: true, force: true });
    }
  }
} finally {
  fs.rmSync(plainDist, { recursive: true, force: true });
}

const median = (loads: Load[], pick: (l: Load) => number) => percentile(loads.map(pick), 50);
const ours = measured.precompressed ?? new Map<string, Load[]>();
const peer = measured['as is (peer)'] ?? new Map<string, Load[]>();
rows.push('| screen | link | downloaded, ours | downloaded, peer | to content, ours | to content, peer |');
rows.push('| --- | --- | --- | --- | --- | --- |');
for (const [key, loads] of ours) {
  const [screen, link] = key.split('|');
  const other = peer.get(key) ?? [];
  const kb = (b: number) => `${(b / 1024).toFixed(0)} KB`;
  const ms = (m: number) => `${Math.round(m).toLocaleString('en')} ms`;
  rows.push(
    `| ${screen} | ${link} | ${kb(median(loads, (l) => l.bytes))} | ${kb(median(other, (l) => l.bytes))} | ` +
      `${ms(median(loads, (l) => l.ms))} | ${ms(median(other, (l) => l.ms))} |`,
  );
}
console.log(`\nCold loads, cache off, median of ${ROUNDS} after a warm-up:\n`);
console.log(rows.join('\n'));
