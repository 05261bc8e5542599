// Switching language on the board (docs/PERFORMANCE.md, "Language switch"): Debian's Chromium opens
// the demo dispatcher's board (the built app, `npm run build` first; 1440 px; the browser's language
// English), then picks Deutsch and English in turn in the account menu's language choice, N times.
// Each switch is timed in the page from the click to the frame that paints the board's resource column in
// the new language (the row "Unassigned" / "Nicht zugewiesen", `lang` on <html>), and from the choice saved (the PATCH of /me answered: the provider's change) to that frame.
// The first switch to German fetches the parts of German the page shows; later ones are already here.
// BENCH_SWITCHES (default 10 each way); BENCH_BOARD=week: calendar-render's week board instead. Prints median and p95; asserts nothing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { demoServer, signIn, trackedVisit } from './demo-app.js';
import { fmt, median, percentile } from './support.js';
import { trees, weekServer } from './trees.js';

// BENCH_WEB_DIST: another web build (as calendar-render).
const DIST = process.env.BENCH_WEB_DIST ?? path.join(fileURLToPath(new URL('..', import.meta.url)), 'apps/web/dist');
if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error(`${DIST} is missing: run \`npm run build\` first.`);
  process.exit(1);
}
const switches = Number(process.env.BENCH_SWITCHES ?? 10);
const label = { en: 'Unassigned', de: 'Nicht zugewiesen' } as const;

/** Picks `lang` in the account menu; ms from the click, and from the saved choice's answer, to its first frame. */
async function pick(page: Page, lang: 'en' | 'de'): Promise<{ fromClick: number; fromSaved: number }> {
  await page.locator('.user-trigger').click();
  const item = page.locator(`[role=menuitemradio]:has(span[lang=${lang}])`);
  await item.waitFor();
  // Plain JS text: tsx's transpiled functions carry helpers (`__name`) that don't exist in the page.
  return page.evaluate(`new Promise((resolve, reject) => {
    const lang = ${JSON.stringify(lang)};
    const text = ${JSON.stringify(label[lang])};
    const button = document.querySelector('[role=menuitemradio]:has(span[lang=' + lang + '])');
    if (!button) return reject(new Error('no ' + lang + ' in the language choice'));
    const shows = () =>
      document.documentElement.lang === lang &&
      document.querySelector('.fc-datagrid-body .res-unassigned .res-name')?.textContent === text;
    const t0 = performance.now();
    button.click();
    const tick = () => {
      const t = performance.now();
      if (shows()) {
        const saved = performance.getEntriesByType('resource')
          .filter((r) => r.name.endsWith('/api/v1/me') && r.startTime >= t0)
          .at(-1);
        return resolve({ fromClick: t - t0, fromSaved: t - (saved ? saved.responseEnd : t0) });
      }
      if (t - t0 > 10000) return reject(new Error('the board did not show ' + lang + ' within 10 s'));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`) as Promise<{ fromClick: number; fromSaved: number }>;
}

/**
 * The board to switch on, signed in: the demo dispatcher's day, or (BENCH_BOARD=week) calendar-render's
 * week of 50 technicians and 2,000 jobs as its owner.
 */
async function board(): Promise<{ origin: string; cookie: string; url: string; name: string; close: () => unknown }> {
  if (process.env.BENCH_BOARD === 'week') {
    const [tree] = trees;
    if (!tree) throw new Error('no tree');
    const server = await weekServer(tree, 'sqlite', DIST);
    const answer = await fetch(`${server.address}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.address },
      body: JSON.stringify(server.login),
    });
    return {
      origin: server.address,
      cookie: (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
      url: `${server.address}/w/bench/dispatch?view=resourceTimelineWeek&date=2026-06-01`,
      name: 'the week board (50 technicians, 2,000 jobs)',
      close: server.close,
    };
  }
  const server = await demoServer(DIST);
  const { date } = await trackedVisit(server.origin);
  const office = await signIn(server.origin, 'dispatcher@demo.test');
  return {
    origin: server.origin,
    cookie: office.cookie,
    url: `${server.origin}/w/demo/dispatch?date=${date}`,
    name: `the demo board on ${date}`,
    close: server.close,
  };
}

const server = await board();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const { origin } = server;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
  const [name = '', value = ''] = server.cookie.split('=');
  await context.addCookies([{ name, value, url: origin }]);
  const page = await context.newPage();
  await page.goto(server.url);
  await page.locator('.fc-event').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => {});
  const rows = await page.locator('.fc-datagrid-body .res-label').count();
  const events = await page.locator('.fc-event').count();
  const first = await pick(page, 'de');
  await page.waitForTimeout(300);
  const toGerman: number[] = [];
  const toEnglish: number[] = [];
  const savedGerman: number[] = [];
  const savedEnglish: number[] = [];
  for (let i = 0; i < switches; i++) {
    const en = await pick(page, 'en');
    toEnglish.push(en.fromClick);
    savedEnglish.push(en.fromSaved);
    await page.waitForTimeout(300);
    const de = await pick(page, 'de');
    toGerman.push(de.fromClick);
    savedGerman.push(de.fromSaved);
    await page.waitForTimeout(300);
  }
  // The user speaks the browser's language again.
  await pick(page, 'en');
  await page.locator('.user-trigger').click();
  await page.locator('[role=menuitemradio]').first().click();
  await context.close();
  const line = (what: string, clicks: number[], saved: number[]) =>
    `${what}: from the click median ${fmt(median(clicks))}, p95 ${fmt(percentile(clicks, 95))}; ` +
    `from the saved choice median ${fmt(median(saved))}, p95 ${fmt(percentile(saved, 95))}`;
  console.log(`${server.name}: ${rows} rows, ${events} events drawn; ${switches} switches each way`);
  console.log(`first switch to German (fetches its parts): ${fmt(first.fromClick)} from the click`);
  console.log(line('English → German', toGerman, savedGerman));
  console.log(line('German → English', toEnglish, savedEnglish));
} finally {
  await browser.close();
  await server.close();
}
