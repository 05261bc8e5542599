// Calendar render in Chromium: our resource timeline week on the dispatch board, from
// navigation to events painted, its longest task and total long-task time — and in the same run
// the peer, bare FullCalendar 6 rendering the same 50 technicians × 2,000 jobs from a static page.
// Needs the built app (`npm run build`). Prints a table for docs/PERFORMANCE.md; asserts nothing.
// The same board in German (`?lang=de`: its catalog parts fetched too) is measured in the same rounds;
// its first-screen figures are printed ÷ English's (docs/PERFORMANCE.md, "German catalog").
// BENCH_WEB_DIST: another web build for this tree's board. BENCH_BASE_DIR=<checkout>: also that
// tree's board (its server and web build), in the same rounds (bench/trees.ts).
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { blockingTime, type Probe, probe, probeOf, profile, type Result } from './calendar-render-probe.js';
import { fmt } from './support.js';
import { type Tree, trees, weekServer } from './trees.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webDist = (tree: Tree) =>
  tree.label === 'now'
    ? (process.env.BENCH_WEB_DIST ?? path.join(root, 'apps/web/dist'))
    : path.join(tree.root, 'apps/web/dist');
const runs = Number(process.env.BENCH_RUNS ?? 5);
/** Quiet after the render before a load counts as done (Lighthouse's time to interactive waits 5 s). */
const quietMs = Number(process.env.BENCH_QUIET_MS ?? 5000);
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
 * Scrolls the lanes to the bottom in one step; ms until the frame that paints the last row's
 * events. Plain JS text, as `probe`.
 */
function scrollToLast(page: Page, last: { id: string; events: number }): Promise<number> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const last = ${JSON.stringify(last)};
    const scroller = document.querySelector('.fc-timeline-body')?.closest('.fc-scroller');
    if (!scroller) return reject(new Error('no timeline scroller'));
    const t0 = performance.now();
    scroller.scrollTop = scroller.scrollHeight;
    const tick = () => {
      const t = performance.now();
      const lane = document.querySelector('td.fc-timeline-lane[data-resource-id="' + last.id + '"]');
      if (lane && lane.querySelectorAll('.fc-timeline-event').length >= last.events) return resolve(t - t0);
      if (performance.now() - t0 > 30000) return reject(new Error('last row not painted in 30 s'));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`) as Promise<number>;
}

async function measure(page: Page, url: string, last: { id: string; events: number }): Promise<Result> {
  await page.goto(url);
  try {
    await page.waitForFunction(() => (window as unknown as { __bench: Probe }).__bench?.done, null, {
      timeout: 90_000,
    });
  } catch (error) {
    const shown = await page.evaluate(() => [
      document.querySelectorAll('.fc-timeline-event').length,
      JSON.stringify((window as unknown as { __bench: unknown }).__bench),
    ]);
    await page.screenshot({ path: path.join(os.tmpdir(), 'calendar-render-timeout.png') });
    throw new Error(`${url}: ${shown} events on screen after 90 s (${String(error)})`);
  }
  const s = await probeOf(page);
  const tasks = [...s.longTasks];
  if (process.env.BENCH_DEBUG) {
    const resources = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        (r) =>
          `${r.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 60)} ${r.startTime.toFixed(0)}→${r.responseEnd.toFixed(0)}`,
      ),
    );
    console.log(
      url,
      JSON.stringify({ ...s, longTasks: undefined }),
      '\n  long tasks',
      JSON.stringify(tasks),
      '\n ',
      resources.join('\n  '),
    );
  }
  const dataAt = await page.evaluate(() =>
    Math.max(
      0,
      ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.name.includes('/calendar/events') || r.name.includes('events.json'))
        .map((r) => r.responseEnd),
    ),
  );
  const scrollStart = await page.evaluate(() => performance.now());
  const scrolled = await scrollToLast(page, last);
  await page.waitForTimeout(300);
  const after = await probeOf(page);
  const scrollTasks = after.longTasks.filter(([start = 0]) => start >= scrollStart);
  return {
    dataAt,
    firstScreen: s.firstScreen,
    screenAfterData: s.firstScreen - dataAt,
    ready: s.ready,
    allPainted: s.allPainted,
    longest: Math.max(0, ...tasks.map(([, d = 0]) => d)),
    longTotal: tasks.reduce((sum, [, d = 0]) => sum + d, 0),
    tbt: blockingTime(tasks, s.fcp),
    blockingAll: blockingTime(tasks, 0),
    rows: s.visibleRows,
    scrollToLast: scrolled,
    scrollLongest: Math.max(0, ...scrollTasks.map(([, d = 0]) => d)),
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
  const me = (await signIn.json()) as { user: { id: string }; memberships: { workspaceId: string }[] };
  // BENCH_MAP=closed: the board's right pane (the map) closed, as the user's stored layout — the
  // calendar's own share of the page's work.
  if (process.env.BENCH_MAP === 'closed') {
    const key = JSON.stringify(`fieldplan:side:${me.user.id}`);
    await context.addInitScript({ content: `localStorage.setItem(${key}, '{"collapsed":true}')` });
  }
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
  await context.addInitScript({ content: probe({ total, byResource }, quietMs) });
  const url = `${address}/w/bench/dispatch?view=resourceTimelineWeek&date=2026-06-01`;
  const close = async () => {
    await context.close();
    await server.close();
  };
  return { tree, context, feed, members, total, byResource, url, close };
}

const boards = [];
for (const tree of trees) boards.push(await board(tree));
const [now, base] = boards;
if (!now) throw new Error('no tree to measure');
const { context, feed, members, total } = now;
/** A board's last row (the last technician) and its events: where the scroll measure looks. */
const lastRowOf = (b: typeof now) => {
  const id = b.members.filter((m) => m.role === 'technician').at(-1)?.id ?? '';
  return { id, events: b.byResource[id] ?? 0 };
};

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
const germanName = 'Fieldplan dispatch board, timeline week, in German';
const baseName = 'Fieldplan dispatch board (base)';
const bareName = 'bare FullCalendar, same view options';
type Last = { id: string; events: number };
/** Name, address, the browser context signed in to its server, and the last row to scroll to. */
const allPages: [string, string, BrowserContext, Last][] = [
  [oursName, now.url, context, lastRowOf(now)],
  [germanName, `${now.url}&lang=de`, context, lastRowOf(now)],
  ...(base ? [[baseName, base.url, base.context, lastRowOf(base)] as [string, string, BrowserContext, Last]] : []),
  [bareName, `${peerAddress}/?variant=same`, context, lastRowOf(now)],
  ['bare FullCalendar, library defaults', `${peerAddress}/?variant=defaults`, context, lastRowOf(now)],
];
/** What each page's ratios divide by: a page kept by BENCH_ONLY keeps it (else every ratio is NaN). */
const peerOf: Record<string, string> = { [oursName]: bareName, [baseName]: oursName, [germanName]: oursName };
const kept = new Set(
  allPages.map(([name]) => name).filter((n) => !process.env.BENCH_ONLY || n.includes(process.env.BENCH_ONLY)),
);
for (const name of [...kept]) {
  for (let peer = peerOf[name]; peer && !kept.has(peer); peer = peerOf[peer]) kept.add(peer);
}
const pages = allPages.filter(([name]) => kept.has(name));
console.log(
  `${technicians.length} technicians, ${feed.length} events (${total} row segments) in the week of 1 June 2026; median of ${runs} runs after a warm-up`,
);
// Runs interleave the pages (ours, peer, defaults, ours, …) so load from elsewhere on the machine
// falls on all of them alike; the ratio is the median of each round's ratio.
const samples = new Map<string, Result[]>(pages.map(([name]) => [name, []]));
for (const [, url, context, last] of process.env.BENCH_PROFILE ? pages : []) {
  const warm = await context.newPage();
  await measure(warm, url, last);
  await warm.close();
  const page = await context.newPage();
  await profile(page, url);
  await page.close();
}
// English and German take turns going first (the one after finds the server's caches warm).
const swapped = pages.map((p) => (p[0] === oursName ? germanName : p[0] === germanName ? oursName : p[0]));
for (let i = 0; i <= (process.env.BENCH_PROFILE ? -1 : runs); i++) {
  const order = i % 2 ? swapped.flatMap((name) => pages.filter((p) => p[0] === name)) : pages;
  for (const [name, url, context, last] of order) {
    const page = await context.newPage();
    const result = await measure(page, url, last);
    await page.close();
    if (i > 0) samples.get(name)?.push(result);
  }
}
for (const [name] of pages) {
  const list = samples.get(name) ?? [];
  const m = (key: keyof Result) => median(list.map((s) => s[key]));
  const all = m('allPainted');
  console.log(
    `${name}\n  data ${fmt(m('dataAt'))}  first screen (${m('rows')} rows) ${fmt(m('firstScreen'))} (${fmt(m('screenAfterData'))} after the data)  drawn rows complete ${fmt(m('ready'))}  all events ${all > 0 ? fmt(all) : 'never (windowed)'}\n  longest task ${fmt(m('longest'))}  long tasks ${fmt(m('longTotal'))}  TBT ${fmt(m('tbt'))} (from navigation ${fmt(m('blockingAll'))})  scroll to last row ${fmt(m('scrollToLast'))} (longest task ${fmt(m('scrollLongest'))})`,
  );
}
/** The median of each round's ratio of `key`, `of` ÷ `to`, with the rounds; null when either page was left out. */
function roundRatios(of: string, to: string, key: keyof Result = 'ready'): string | null {
  const [ofs, over] = [samples.get(of), samples.get(to)];
  if (!ofs || !over) return null;
  const ratios = ofs.map((o, i) => o[key] / (over[i]?.[key] ?? Number.NaN));
  return `median ${median(ratios).toFixed(2)}× (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')})`;
}
// TBT against the peer is counted from navigation on both pages: from each page's own first paint it
// would start before our board's long tasks (its skeleton paints first) but after the peer's one long
// task (it paints nothing before it). Our two trees paint alike, so their Lighthouse TBT compares.
const ratioKeys = ['ready', 'firstScreen', 'screenAfterData', 'longest', 'tbt', 'blockingAll'] as const;
const keyName = (key: (typeof ratioKeys)[number]) => (key === 'blockingAll' ? 'TBT from navigation' : key);
for (const key of ratioKeys) {
  const peer = key === 'tbt' ? null : roundRatios(oursName, bareName, key);
  if (peer) console.log(`${keyName(key)}, ours ÷ bare FullCalendar (same options): ${peer}`);
  const then = roundRatios(oursName, baseName, key);
  if (then) console.log(`${keyName(key)}, now ÷ base: ${then}`);
  const german = roundRatios(germanName, oursName, key);
  const [de, en] = [samples.get(germanName), samples.get(oursName)];
  const ofMedians =
    key === 'blockingAll' || !de || !en
      ? ''
      : `; medians' ratio ${(median(de.map((s) => s[key])) / median(en.map((s) => s[key]))).toFixed(2)}×`;
  if (german) console.log(`${keyName(key)}, German ÷ English: ${german}${ofMedians}`);
}

for (const b of boards) await b.close();
await browser.close();
peer.close();
fs.rmSync(peerDir, { recursive: true, force: true });
