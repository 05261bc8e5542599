// Map render in Chromium: 10,000 and 100,000 job sites — time to first render, the
// longest task while loading, and the longest frame while panning and zooming — for our FieldMap
// (supercluster in a Web Worker, glyphs on one canvas) and, in the same run, the peer: bare Leaflet
// + supercluster on the main thread drawing canvas circle markers; plus plain DOM markers at 10k.
// Builds bench/map-render-page with Vite (an inline config: nothing written into node_modules). Runs
// alternate peer and ours, so load from elsewhere on the machine falls on both alike. Prints a table
// for docs/PERFORMANCE.md; asserts nothing.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium, type Page } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { fmt, median, percentile } from './support.js';

const here = path.dirname(new URL(import.meta.url).pathname);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-map-bench-'));
const out = path.join(temp, 'page');
// configFile: false — a config file would be bundled into node_modules/.vite-temp to be loaded.
await viteBuild({
  configFile: false,
  root: path.join(here, 'map-render-page'),
  cacheDir: path.join(temp, 'vite-cache'),
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 2000 },
});

// A 1×1 grey PNG for every tile: the tile layer works (loads, no errors) without a network.
const tile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);
const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://bench');
  if (url.pathname.startsWith('/tiles/')) {
    res.writeHead(200, { 'content-type': 'image/png' }).end(tile);
    return;
  }
  const file = path.join(out, url.pathname === '/' ? 'index.html' : url.pathname);
  if (!file.startsWith(out) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

/** Long tasks, and every frame's length while `recording` (plain JS: runs in the page first). */
const probe = `(() => {
  const p = { longTasks: [], frames: [], recording: false };
  window.__probe = p;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) p.longTasks.push([e.startTime, e.duration]); })
    .observe({ type: 'longtask', buffered: true });
  let last = performance.now();
  const tick = (t) => { if (p.recording) p.frames.push(t - last); last = t; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})();`;

interface Run {
  firstRender: number;
  longestLoadTask: number;
  longestFrame: number;
  p95Frame: number;
  longestInteractionTask: number;
}

async function interact(page: Page) {
  const cx = 720;
  const cy = 450;
  for (let i = 0; i < 6; i++) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    await page.mouse.move(cx + (i % 2 ? -180 : 180), cy + (i % 3 ? 90 : -90), { steps: 12 });
    await page.mouse.up();
    await page.waitForTimeout(150);
  }
  for (const dy of [-120, -120, -120, 120, 120, 120]) {
    await page.mouse.move(cx, cy);
    await page.mouse.wheel(0, dy);
    await page.waitForTimeout(450);
  }
}

async function measure(impl: string, n: number): Promise<Run> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(probe);
  await page.goto(`${origin}/?impl=${impl}&n=${n}`);
  await page.waitForFunction(() => (window as unknown as { __bench: { drawn: number } }).__bench.drawn > 0, null, {
    timeout: 120_000,
  });
  await page.waitForTimeout(1000);
  const load = await page.evaluate(() => {
    const w = window as unknown as {
      __bench: { start: number; drawn: number };
      __probe: { longTasks: [number, number][] };
    };
    // From the moment the map is created (the synthetic data is made before, for every map alike).
    const tasks = w.__probe.longTasks
      .filter(([s, d]) => s + d >= w.__bench.start && s <= w.__bench.drawn + 1000)
      .map(([, d]) => d);
    return { firstRender: w.__bench.drawn - w.__bench.start, longest: Math.max(0, ...tasks) };
  });
  await page.evaluate(() => {
    const p = (window as unknown as { __probe: { recording: boolean; longTasks: unknown[] } }).__probe;
    p.longTasks.length = 0;
    p.recording = true;
  });
  await interact(page);
  const frames = await page.evaluate(() => {
    const p = (
      window as unknown as { __probe: { recording: boolean; frames: number[]; longTasks: [number, number][] } }
    ).__probe;
    p.recording = false;
    return { frames: p.frames, longest: Math.max(0, ...p.longTasks.map(([, d]) => d)) };
  });
  await browser.close();
  return {
    firstRender: load.firstRender,
    longestLoadTask: load.longest,
    longestFrame: Math.max(...frames.frames),
    p95Frame: percentile(frames.frames, 95),
    longestInteractionTask: frames.longest,
  };
}

const rows: string[] = [];
for (const n of [10_000, 100_000]) {
  const impls = n === 10_000 ? ['peer', 'ours', 'dom'] : ['peer', 'ours'];
  const results = new Map<string, Run[]>(impls.map((impl) => [impl, []]));
  // Rounds of peer, ours (and DOM markers, in the first round only): peer, ours, peer, ours, …
  for (let i = 0; i < runs; i++) {
    for (const impl of impls) if (impl !== 'dom' || i === 0) results.get(impl)?.push(await measure(impl, n));
  }
  for (const [impl, list] of results) {
    const med = (pick: (r: Run) => number) => median(list.map(pick));
    const worst = (pick: (r: Run) => number) => Math.max(...list.map(pick));
    rows.push(
      `| ${impl} | ${n.toLocaleString('en')} | ${fmt(med((r) => r.firstRender))} | ${fmt(worst((r) => r.longestLoadTask))} | ${fmt(worst((r) => r.longestFrame))} | ${fmt(med((r) => r.p95Frame))} | ${fmt(worst((r) => r.longestInteractionTask))} |`,
    );
    console.log(rows[rows.length - 1]);
  }
}
const middle = runs % 2 === 0 ? `median of ${runs}: the mean of the middle two` : `median of ${runs}`;
console.log(
  `\n| map | sites | first render (${middle}; DOM: 1 run) | longest task while loading | longest frame panning/zooming | p95 frame (median) | longest task panning/zooming |\n| --- | --- | --- | --- | --- | --- | --- |\n${rows.join('\n')}`,
);
server.close();
fs.rmSync(temp, { recursive: true, force: true });
