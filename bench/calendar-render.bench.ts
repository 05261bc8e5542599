// Calendar render in Chromium: our resource timeline week on the dispatch board, from
// navigation to events painted, its longest task and total long-task time — and in the same run
// the peer, bare FullCalendar 6 rendering the same 50 technicians × 2,000 jobs from a static page.
// Needs the built app (`npm run build`). Prints a table for docs/PERFORMANCE.md; asserts nothing.
// BENCH_WEB_DIST: another web build for this tree's board. BENCH_BASE_DIR=<checkout>: also that
// tree's board (its server and web build), in the same rounds (bench/trees.ts).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { fmt } from './support.js';
import { type Tree, trees, weekServer } from './trees.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webDist = (tree: Tree) =>
  tree.label === 'now'
    ? (process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'))
    : path.join(tree.root, 'apps/web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 5);
for (const tree of trees) {
  if (!fs.existsSync(path.join(webDist(tree), 'index.html'))) {
    console.error(`${webDist(tree)} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

interface Feed {
  id: string;
  resourceIds: string[];
}

/**
 * Runs in the page before anything else: long tasks, and the first frame that paints the rows on
 * screen with all their events, and the first that paints every event. Plain JS text: tsx's transpiled functions carry
 * helpers (`__name`) that don't exist in the page.
 */
function probe(expected: { total: number; byResource: Record<string, number> }): string {
  return `(() => {
  const expected = ${JSON.stringify(expected)};
  const state = { longTasks: [], firstScreen: 0, allPainted: 0, visibleRows: 0 };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  // Checked at the start of a frame: what is in the DOM then is painted by that frame.
  const painted = (set) => set(performance.now());
  const tick = () => {
    const height = window.innerHeight;
    if (!state.firstScreen && !state.pendingFirst) {
      const lanes = [...document.querySelectorAll('td.fc-timeline-lane[data-resource-id]')];
      const onScreen = lanes.filter((l) => {
        const r = l.getBoundingClientRect();
        return r.bottom > 0 && r.top < height && r.height > 0;
      });
      const ready = onScreen.length > 0 &&
        onScreen.every((l) => l.querySelectorAll('.fc-timeline-event').length >= (expected.byResource[l.dataset.resourceId] || 0)) &&
        onScreen.some((l) => l.querySelector('.fc-timeline-event'));
      if (ready) {
        state.visibleRows = onScreen.length;
        state.pendingFirst = true;
        painted((t) => { state.firstScreen = t; });
      }
    }
    if (document.querySelectorAll('.fc-timeline-event').length >= expected.total) {
      painted((t) => { state.allPainted = t; });
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
}

interface Result {
  /** When the events' JSON had arrived (the feed for the app, events.json for the peer). */
  dataAt: number;
  firstScreen: number;
  allPainted: number;
  longest: number;
  longTotal: number;
  rows: number;
}

/** BENCH_PROFILE=1: the heaviest functions (self time) of one load, to see where a render goes. */
async function profile(page: Page, url: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(url);
  await page.waitForFunction(() => (window as unknown as { __bench: { allPainted: number } }).__bench?.allPainted > 0);
  const { profile: p } = (await cdp.send('Profiler.stop')) as unknown as {
    profile: {
      nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
      samples: number[];
      timeDeltas: number[];
    };
  };
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  });
  const byName = new Map<string, number>();
  for (const node of p.nodes) {
    const f = node.callFrame;
    const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
  }
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(url, '\n', top.map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n '));
}

async function measure(page: Page, url: string): Promise<Result> {
  await page.goto(url);
  try {
    await page.waitForFunction(
      () => (window as unknown as { __bench: { allPainted: number } }).__bench?.allPainted > 0,
      null,
      {
        timeout: 60_000,
      },
    );
  } catch (error) {
    const shown = await page.evaluate(() => [
      document.querySelectorAll('.fc-timeline-event').length,
      JSON.stringify((window as unknown as { __bench: unknown }).__bench),
    ]);
    await page.screenshot({ path: path.join(os.tmpdir(), 'calendar-render-timeout.png') });
    throw new Error(`${url}: ${shown} events on screen after 60 s (${String(error)})`);
  }
  await page.waitForTimeout(500);
  const s = await page.evaluate(
    () =>
      (
        window as unknown as {
          __bench: { longTasks: number[][]; firstScreen: number; allPainted: number; visibleRows: number };
        }
      ).__bench,
  );
  const inWindow = s.longTasks.filter(([start = 0]) => start <= s.allPainted);
  if (process.env.BENCH_DEBUG) {
    const resources = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (r) =>
          `${r.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)}`,
      ),
    );
    console.log(url, '\n  long tasks', JSON.stringify(s.longTasks), '\n ', resources.join('\n  '));
  }
  const dataAt = await page.evaluate(() =>
    Math.max(
      0,
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.name.includes('/calendar/events') || r.name.includes('events.json'))
        .map((r) => r.responseEnd),
    ),
  );
  return {
    dataAt,
    firstScreen: s.firstScreen,
    allPainted: s.allPainted,
    longest: Math.max(0, ...inWindow.map(([, d = 0]) => d)),
    longTotal: inWindow.reduce((sum, [, d = 0]) => sum + d, 0),
    rows: s.visibleRows,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
});

/**
 * A tree's app with 50 technicians and 2,000 jobs in the week of 1 June 2026 (that tree's seed), and a
 * browser context signed in to it: its own cookie jar, as both servers are on 127.0.0.1.
 */
async function board(tree: Tree) {
  const server = await weekServer(tree, 'sqlite', webDist(tree));
  const { address, login } = server;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const signIn = await context.request.post(`${address}/api/v1/auth/sign-in`, {
    data: login,
    headers: { origin: address },
  });
  const me = (await signIn.json()) as { memberships: { workspaceId: string }[] };
  const ws = me.memberships[0]?.workspaceId ?? '';
  const feed = (await (
    await context.request.get(`${address}/api/v1/workspaces/${ws}/calendar/events?start=2026-06-01&end=2026-06-08`)
  ).json()) as Feed[];
  const members = (await (await context.request.get(`${address}/api/v1/workspaces/${ws}/members`)).json()) as {
    id: string;
    name: string;
    role: string;
    colour: string;
  }[];
  const byResource: Record<string, number> = {};
  for (const e of feed) for (const r of e.resourceIds) byResource[r] = (byResource[r] ?? 0) + 1;
  const total = Object.values(byResource).reduce((a, b) => a + b, 0);
  await context.addInitScript({ content: probe({ total, byResource }) });
  const url = `${address}/w/bench/dispatch?view=resourceTimelineWeek&date=2026-06-01`;
  const close = async () => {
    await context.close();
    await server.close();
  };
  return { tree, context, feed, members, total, url, close };
}

const boards = [];
for (const tree of trees) boards.push(await board(tree));
const [now, base] = boards;
if (!now) throw new Error('no tree to measure');
const { context, feed, members, total } = now;

// The peer: a static page (bench/calendar-render-peer) built with Vite, and the same data as JSON.
const peerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-peer-'));
await viteBuild({
  configFile: false,
  logLevel: 'warn',
  root: path.join(root, 'bench/calendar-render-peer'),
  base: './',
  build: { outDir: peerDir, emptyOutDir: true },
});
const technicians = members.filter((m) => m.role === 'technician');
const resources = [
  { id: 'unassigned', title: 'Unassigned', sortIndex: -1 },
  ...technicians.map((m, i) => ({ id: m.id, title: m.name, eventColor: m.colour, sortIndex: i })),
];
fs.writeFileSync(path.join(peerDir, 'events.json'), JSON.stringify(feed));
fs.writeFileSync(path.join(peerDir, 'resources.json'), JSON.stringify(resources));
const peer = http
  .createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    const file = path.join(peerDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(peerDir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.json')
        ? 'application/json'
        : file.endsWith('.css')
          ? 'text/css'
          : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(fs.readFileSync(file));
  })
  .listen(0, '127.0.0.1');
await new Promise((resolve) => peer.once('listening', resolve));
const peerAddress = `http://127.0.0.1:${(peer.address() as { port: number }).port}`;

const oursName = 'Fieldplan dispatch board, timeline week';
const baseName = 'Fieldplan dispatch board (base)';
const bareName = 'bare FullCalendar, same view options';
/** Name, address, and the browser context signed in to its server. */
const pages: [string, string, BrowserContext][] = [
  [oursName, now.url, context],
  ...(base ? [[baseName, base.url, base.context] as [string, string, BrowserContext]] : []),
  [bareName, `${peerAddress}/?variant=same`, context],
  ['bare FullCalendar, library defaults', `${peerAddress}/?variant=defaults`, context],
];
console.log(
  `${technicians.length} technicians, ${feed.length} events (${total} row segments) in the week of 1 June 2026; median of ${runs} runs after a warm-up`,
);
// Runs interleave the pages (ours, peer, defaults, ours, …) so load from elsewhere on the machine
// falls on all of them alike; the ratio is the median of each round's ratio.
const samples = new Map<string, Result[]>(pages.map(([name]) => [name, []]));
for (const [, url, context] of process.env.BENCH_PROFILE ? pages : []) {
  const warm = await context.newPage();
  await measure(warm, url);
  await warm.close();
  const page = await context.newPage();
  await profile(page, url);
  await page.close();
}
for (let i = 0; i <= (process.env.BENCH_PROFILE ? -1 : runs); i++) {
  for (const [name, url, context] of pages) {
    const page = await context.newPage();
    const result = await measure(page, url);
    await page.close();
    if (i > 0) samples.get(name)?.push(result);
  }
}
for (const [name] of pages) {
  const list = samples.get(name) ?? [];
  const m = (key: keyof Result) => median(list.map((s) => s[key]));
  console.log(
    `${name.padEnd(42)} data ${fmt(m('dataAt')).padStart(9)}  first screen (${m('rows')} rows) ${fmt(m('firstScreen')).padStart(9)}  all events ${fmt(m('allPainted')).padStart(9)}  longest task ${fmt(m('longest')).padStart(9)}  long tasks ${fmt(m('longTotal')).padStart(9)}`,
  );
}
/** The median of each round's ratio of all events painted, `of` ÷ `to`, with the rounds. */
function roundRatios(of: string, to: string): string {
  const over = samples.get(to) ?? [];
  const ratios = (samples.get(of) ?? []).map((o, i) => o.allPainted / (over[i]?.allPainted ?? Number.NaN));
  return `median ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`;
}
console.log(`all events painted, ours ÷ bare FullCalendar (same options): ${roundRatios(oursName, bareName)}`);
if (base) console.log(`all events painted, now ÷ base: ${roundRatios(oursName, baseName)}`);

for (const b of boards) await b.close();
await browser.close();
peer.close();
fs.rmSync(peerDir, { recursive: true, force: true });
