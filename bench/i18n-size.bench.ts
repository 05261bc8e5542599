// What German adds to a page's first load (docs/PERFORMANCE.md, "German catalog"): Debian's Chromium
// opens each entry's first page twice in one run, `?lang=en` and `?lang=de`, on the built app (`npm run
// build` first) with the demo workspace, and adds up the brotli size (the build's .br beside each file,
// else the file) of every file of the build the page fetched until it went quiet: the sign-in page, the
// dispatcher's board, the technician's day (phone), the booking page and the tracking page. Prints per
// page English, German and the difference, the German parts fetched, and any part a screen showed
// without asking for it first (fetched late: a moment of English) — and then opens every screen of the
// app in German as the owner, naming any screen that did so. Asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { call, demoServer, openBooking, type Session, signIn, trackedVisit } from './demo-app.js';

// BENCH_WEB_DIST: another web build (as calendar-render).
const DIST = process.env.BENCH_WEB_DIST ?? path.join(fileURLToPath(new URL('..', import.meta.url)), 'apps/web/dist');
if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error(`${DIST} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

/** A file of the build as the server sends it to a browser that takes brotli. */
function brotliBytes(pathname: string): number {
  const file = path.join(DIST, pathname === '/' || !path.extname(pathname) ? `${entryOf(pathname)}.html` : pathname);
  if (!file.startsWith(DIST) || !fs.existsSync(file)) return 0;
  return fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size;
}
/** The HTML file the server answers an app address with. */
const entryOf = (pathname: string) =>
  pathname.startsWith('/book/') ? 'book' : pathname.startsWith('/track/') ? 'track' : 'index';

interface Screen {
  name: string;
  path: string;
  phone?: boolean;
  who?: Session;
  ready: (page: Page) => Promise<unknown>;
}

interface Load {
  files: Map<string, number>;
  late: string[];
}

async function load(browser: Browser, origin: string, screen: Screen, lang: 'en' | 'de'): Promise<Load> {
  const context = await browser.newContext({
    viewport: screen.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    serviceWorkers: 'block',
    locale: 'en-US',
  });
  if (screen.who) {
    const [name = '', value = ''] = screen.who.cookie.split('=');
    await context.addCookies([{ name, value, url: origin }]);
  }
  const page = await context.newPage();
  const files = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/app/')) return;
    files.set(url.pathname, brotliBytes(url.pathname));
  });
  const address = `${origin}${screen.path}${screen.path.includes('?') ? '&' : '?'}lang=${lang}`;
  await page.goto(address);
  await screen.ready(page);
  // Lazily loaded parts of the first screen (the board's map, a late catalog part) count too.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  await page.waitForTimeout(500);
  const late = await page.evaluate(() =>
    performance
      .getEntriesByType('mark')
      .map((m) => m.name)
      .filter((n) => n.startsWith('fieldplan:late-messages:'))
      .map((n) => n.slice('fieldplan:late-messages:'.length)),
  );
  const lang0 = await page.evaluate(() => document.documentElement.lang);
  if (lang0 !== lang) throw new Error(`${screen.name}: asked for ${lang}, the page shows ${lang0}`);
  await context.close();
  return { files, late };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Map<string, number>) => [...files.values()].reduce((a, b) => a + b, 0);
/** A built file's name without its hash: `jobs-CRth9Hrs.js` → `jobs`. */
const bare = (pathname: string) => path.basename(pathname).replace(/-[\w-]{8}\.js$/, '');

const server = await demoServer(DIST);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const { origin } = server;
  const { trackPath, date } = await trackedVisit(origin);
  const bookPath = await openBooking(origin);
  const office = await signIn(origin, 'dispatcher@demo.test');
  const tech = await signIn(origin, 'tech1@demo.test');
  const screens: Screen[] = [
    {
      name: 'sign-in',
      path: '/login',
      phone: true,
      ready: (page) => page.locator('form button[type=submit]').first().waitFor({ timeout: 60_000 }),
    },
    {
      name: 'dispatch board',
      path: `/w/demo/dispatch?date=${date}`,
      who: office,
      ready: (page) => page.locator('.fc-event').first().waitFor({ timeout: 60_000 }),
    },
    {
      name: 'my day (phone)',
      path: `/w/demo/my-day?date=${date}`,
      phone: true,
      who: tech,
      ready: (page) => page.locator('.myday-card-head').first().waitFor({ timeout: 60_000 }),
    },
    {
      name: 'booking page (book.html)',
      path: bookPath,
      phone: true,
      ready: (page) => page.locator('.book-company').waitFor({ timeout: 60_000 }),
    },
    {
      name: 'tracking page (track.html)',
      path: trackPath,
      phone: true,
      ready: (page) => page.locator('.track-status').waitFor({ timeout: 60_000 }),
    },
  ];
  const only = process.env.BENCH_ONLY;
  console.log('| first page | English | German | German adds | German parts fetched | fetched late |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const screen of screens.filter((s) => !only || s.name.includes(only))) {
    const en = await load(browser, origin, screen, 'en');
    const de = await load(browser, origin, screen, 'de');
    const added = [...de.files].filter(([file]) => !en.files.has(file));
    const dropped = [...en.files].filter(([file]) => !de.files.has(file));
    const parts = added.map(([file, bytes]) => `${bare(file)} ${(bytes / 1024).toFixed(1)}`).sort();
    console.log(
      `| ${screen.name} | ${kb(sum(en.files))} | ${kb(sum(de.files))} | ${kb(sum(de.files) - sum(en.files))} | ` +
        `${parts.join(', ') || '–'}${dropped.length ? ` (English only: ${dropped.map(([f]) => bare(f)).join(', ')})` : ''} | ${de.late.join(', ') || '–'} |`,
    );
  }
  // Every screen, German, opened straight (a link, a reload): the parts it fetched late, if any.
  const owner = await signIn(origin, 'owner@demo.test');
  const first = async (url: string) => {
    const answer = await call<{ id: string }[] | { items: { id: string }[] }>(origin, owner, 'GET', url);
    return (Array.isArray(answer) ? answer : answer.items)[0]?.id ?? '';
  };
  const [job, customer] = [await first('/jobs?limit=1'), await first('/customers?limit=1')];
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'de-DE' });
  const [name = '', value = ''] = owner.cookie.split('=');
  await context.addCookies([{ name, value, url: origin }]);
  const late: string[] = [];
  for (const screen of [
    '',
    `dispatch?date=${date}`,
    `calendar?date=${date}`,
    'jobs/new',
    `jobs/${job}`,
    `jobs/${job}/edit`,
    `jobs/${job}/report`,
    'map',
    'areas',
    'customers',
    `customers/${customer}`,
    'customers/import',
    'team',
    'feeds',
    'settings',
    'settings/checklists',
    'settings/notifications',
    'settings/booking',
    'requests',
    `my-day?date=${date}`,
    'nowhere',
  ]) {
    const page = await context.newPage();
    await page.goto(`${origin}/w/demo/${screen}`);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(500);
    const parts = await page.evaluate(() =>
      performance
        .getEntriesByType('mark')
        .map((m) => m.name)
        .filter((n) => n.startsWith('fieldplan:late-messages:')),
    );
    if (parts.length > 0) late.push(`/w/demo/${screen}: ${parts.map((n) => n.split(':').at(-1)).join(', ')}`);
    await page.close();
  }
  await context.close();
  console.log(`\nScreens that showed a part of German they had not asked for: ${late.join('; ') || 'none'}`);
} finally {
  await browser.close();
  server.close();
}
