// Photos queued offline (docs/PERFORMANCE.md, "Work record: photos queued offline"): a technician's
// phone (390 px Chromium) picks N camera-sized JPEGs (~4 MB, 4000×3000) on the visit's work record while
// offline — each is resized in the page's Web Worker and kept in the IndexedDB outbox — then comes back
// online over Chrome DevTools' "Slow 4G" and drains. Measures: all N on the server (the visit record read
// through the API), none twice (count and unique ids), the time to drain, and the main thread's long
// tasks while resizing and while uploading. Issue target: 50 photos of 4 MB all arrive, none twice, no
// task > 200 ms while resizing. BENCH_PHOTOS=<n> for a shorter run. Needs `npm run build` first.
// The test photos are drawn once in Chromium into a temp folder (BENCH_PHOTO_DIR), never committed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { seedDemo } from '../apps/server/src/db/seed/demo.js';
import { benchDb } from './support.js';

const n = Number(process.env.BENCH_PHOTOS ?? 50);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const webDist = path.join(root, 'apps/web/dist');
const photoDir = process.env.BENCH_PHOTO_DIR ?? path.join(os.tmpdir(), 'fieldplan-bench-photos');
/** Chrome DevTools' "Slow 4G" preset (its throttling presets: latency ×3.75, 90 % of 1.6 Mbps / 750 kbps). */
const slow4g = {
  latency: 562.5,
  downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8,
  uploadThroughput: (750 * 1000 * 0.9) / 8,
};
const drainTimeoutMs = Number(process.env.BENCH_DRAIN_TIMEOUT_MS ?? 30 * 60_000);
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`${webDist} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

/**
 * Draws the i-th test photo: a lit scene (gradients, shapes) with sensor-like noise, as a camera JPEG at
 * quality 0.92. The noise's strength is tuned on the first photo so a file is about 4 MB. Plain JS text:
 * tsx's transpiled functions carry helpers that don't exist in the page.
 */
async function drawPhoto(page: Page, i: number, noise: number): Promise<Buffer> {
  const base64 = await page.evaluate(`(async () => {
    const w = 4000, h = 3000, i = ${i}, noise = ${noise};
    const canvas = new OffscreenCanvas(w, h);
    const g = canvas.getContext('2d');
    const sky = g.createLinearGradient(0, 0, 0, h);
    sky.addColorStop(0, 'hsl(' + (i * 37) % 360 + ',40%,70%)');
    sky.addColorStop(1, 'hsl(' + (i * 53 + 120) % 360 + ',30%,30%)');
    g.fillStyle = sky;
    g.fillRect(0, 0, w, h);
    let seed = i * 7919 + 1;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let k = 0; k < 60; k += 1) {
      g.fillStyle = 'hsla(' + Math.floor(rnd() * 360) + ',50%,' + Math.floor(20 + rnd() * 60) + '%,0.7)';
      g.beginPath();
      g.ellipse(rnd() * w, rnd() * h, 50 + rnd() * 600, 50 + rnd() * 400, rnd() * 3, 0, 6.3);
      g.fill();
    }
    g.fillStyle = '#fff';
    g.font = 'bold 240px sans-serif';
    g.fillText('Photo ' + (i + 1), 200, 400);
    const img = g.getImageData(0, 0, w, h);
    const d = img.data;
    for (let p = 0; p < d.length; p += 4) {
      const v = (rnd() - 0.5) * noise;
      d[p] += v; d[p + 1] += v; d[p + 2] += v;
    }
    g.putImageData(img, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let s = '';
    for (let o = 0; o < bytes.length; o += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(o, o + 0x8000));
    return btoa(s);
  })()`);
  return Buffer.from(base64 as string, 'base64');
}

/** The N test photos on disk, drawn now unless an earlier run left them. */
async function testPhotos(): Promise<string[]> {
  fs.mkdirSync(photoDir, { recursive: true });
  const files = Array.from({ length: n }, (_, i) => path.join(photoDir, `photo-${String(i + 1).padStart(3, '0')}.jpg`));
  const missing = files.filter((f) => !fs.existsSync(f));
  if (missing.length === 0) return files;
  const context = await browser.newContext();
  const page = await context.newPage();
  let noise = 40;
  for (const [i, file] of files.entries()) {
    if (fs.existsSync(file)) continue;
    let jpeg = await drawPhoto(page, i, noise);
    // Tune once, on the first photo drawn: aim for 3.5–4.5 MB.
    for (let tries = 0; tries < 4 && (jpeg.length < 3.5e6 || jpeg.length > 4.5e6); tries += 1) {
      noise *= jpeg.length < 3.5e6 ? 1.5 : 0.7;
      jpeg = await drawPhoto(page, i, noise);
    }
    fs.writeFileSync(file, jpeg);
  }
  await context.close();
  return files;
}

const files = await testPhotos();
const sizes = files.map((f) => fs.statSync(f).size);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(
  `${n} photos, 4000×3000 JPEG, ${mb(Math.min(...sizes))}–${mb(Math.max(...sizes))} MB each (${mb(sizes.reduce((a, b) => a + b, 0))} MB)`,
);

const { db, cleanup } = await benchDb('sqlite');
await seedDemo(db);
const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: webDist };
const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

// The dispatcher gives Tomasz (tech1) a visit happening now, started.
const signIn = await fetch(`${origin}/api/v1/auth/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin },
  body: JSON.stringify({ email: 'dispatcher@demo.test', password: 'fieldplan-demo' }),
});
const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const me = (await signIn.json()) as { memberships: { workspaceId: string; workspaceSlug: string }[] };
const membership = me.memberships.find((m) => m.workspaceSlug === 'demo') ?? me.memberships[0];
const ws = `${origin}/api/v1/workspaces/${membership?.workspaceId}`;
const call = async <T>(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${ws}${url}`, {
    method,
    headers: { cookie, origin, ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const members = await call<{ id: string; name: string }[]>('GET', '/members');
const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
const now = Date.now();
const job = await call<{ id: string; version: number }>('POST', '/jobs', {
  title: 'Photo bench visit',
  address: 'Torstraße 1, 10119 Berlin',
  start: new Date(now - 5 * 60_000).toISOString(),
  end: new Date(now + 60 * 60_000).toISOString(),
  assigneeIds: [tomasz],
});
await call('POST', `/jobs/${job.id}/status`, { status: 'in_progress' }, { 'if-match': `"${job.version}"` });

// The phone. No service worker, so the page's network conditions (set over CDP) cover every request.
const phone = await browser.newContext({
  baseURL: origin,
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  serviceWorkers: 'block',
  // The bench's probes are strings evaluated in the page (the app's CSP forbids eval).
  bypassCSP: true,
});
const techSignIn = await phone.request.post('/api/v1/auth/sign-in', {
  data: { email: 'tech1@demo.test', password: 'fieldplan-demo' },
  headers: { origin },
});
if (!techSignIn.ok()) throw new Error(`tech sign-in: ${techSignIn.status()}`);
await phone.addInitScript(`(() => {
  const state = { tasks: [] };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
})();`);
const page = await phone.newPage();
page.setDefaultTimeout(60_000);
const errors: string[] = [];
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(`/w/demo/my-day/visit/${job.id}`);
await page.getByRole('textbox', { name: 'New note' }).waitFor();
const cdp = await phone.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.emulateNetworkConditions', { offline: true, ...slow4g });
await page.waitForFunction('navigator.onLine === false');

const at = () => page.evaluate('performance.now()') as Promise<number>;
const sync = page.locator('.wr-sync');

// Offline: pick all N at once in "Choose photos"; each is resized and queued.
const resizeStart = await at();
const t0 = Date.now();
await page.locator('label', { hasText: 'Choose photos' }).locator('input[type=file]').setInputFiles(files);
await page
  .waitForFunction(
    `(() => { const s = document.querySelector('.wr-sync'); return !!s && s.textContent.includes('${n} photo') && ![...document.querySelectorAll('[role=status]')].some((e) => e.textContent.startsWith('Preparing')); })()`,
    null,
    { timeout: drainTimeoutMs, polling: 1000 },
  )
  .catch(async (e) => {
    console.error('not queued; the page says:', await page.locator('main').innerText());
    throw e;
  });
const resizeEnd = await at();
const resizeMs = Date.now() - t0;
const queuedText = (await sync.textContent()) ?? '';
const recordBefore = await call<{ photos: unknown[] }>('GET', `/jobs/${job.id}/record`);

// Back online over Slow 4G: the outbox drains.
const uploadStart = await at();
const t1 = Date.now();
await cdp.send('Network.emulateNetworkConditions', { offline: false, ...slow4g });
await sync.waitFor({ state: 'detached', timeout: drainTimeoutMs });
const drainMs = Date.now() - t1;
const uploadEnd = await at();

const record = await call<{ photos: { id: string; width: number; height: number }[] }>('GET', `/jobs/${job.id}/record`);
const ids = record.photos.map((p) => p.id);
const unique = new Set(ids).size;
const tasks = (await page.evaluate('window.__bench.tasks')) as [number, number][];
const within = (from: number, to: number) => tasks.filter(([start]) => start >= from && start <= to).map(([, d]) => d);
const summary = (label: string, durations: number[]) =>
  `${label.padEnd(30)} long tasks ${String(durations.length).padStart(4)}   > 200 ms ${String(durations.filter((d) => d > 200).length).padStart(3)}   longest ${(durations.length ? Math.max(...durations) : 0).toFixed(0)} ms`;

console.log(
  `network: Chrome DevTools "Slow 4G" (latency ${slow4g.latency} ms, down ${slow4g.downloadThroughput} B/s, up ${slow4g.uploadThroughput} B/s)`,
);
console.log(
  `queued offline: "${queuedText.trim()}" in ${(resizeMs / 1000).toFixed(1)} s; on the server before going online: ${recordBefore.photos.length}`,
);
console.log(`drained in ${(drainMs / 1000).toFixed(1)} s`);
console.log(
  `on the server: ${record.photos.length} of ${n} photos, ${unique} unique ids, ${record.photos.length - unique} twice`,
);
console.log(`sizes on the server: ${[...new Set(record.photos.map((p) => `${p.width}×${p.height}`))].join(', ')}`);
console.log(summary('main thread, resizing', within(resizeStart, resizeEnd)));
console.log(summary('main thread, uploading', within(uploadStart, uploadEnd)));
console.log(`page errors: ${errors.length}${errors.length ? ` (${errors.join(' | ')})` : ''}`);
console.log(
  `load: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${os.cpus().length} cores`,
);

await phone.close();
await browser.close();
await app.close();
await cleanup();
