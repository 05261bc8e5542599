#!/usr/bin/env node
// The board, calendar and Overview screenshots in docs/screenshots, taken from a running Fieldplan
// with the demo workspace (`npm start`, or e2e/run.mjs's server):
//   node scripts/screenshots.mjs http://localhost:3000 [out-dir]
// Debian's Chromium (CHROMIUM_PATH to use another). Each screen as a new dispatcher sees it (no
// remembered pane widths), on the demo's today.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { root } from './lib.mjs';

const [base, outArg] = process.argv.slice(2);
if (!base) {
  console.error('usage: node scripts/screenshots.mjs BASE_URL [OUT_DIR]');
  process.exit(2);
}
const out = outArg ?? path.join(root, 'docs/screenshots');
fs.mkdirSync(out, { recursive: true });

const wide = { width: 1920, height: 1080 };
const desktop = { width: 1440, height: 900 };
const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };
const schedule = async (page) => {
  await page.locator('.fc-view').first().waitFor();
  await page.locator('.cal-body[aria-busy="false"]').waitFor();
};
const overview = (page) => page.getByRole('list', { name: 'Needs attention today' }).waitFor();
const workRecord = async (page) => {
  await page.getByRole('link', { name: 'Work record' }).first().click();
  await page.getByRole('heading', { level: 1 }).waitFor();
};
const shots = [
  // The README's: queue, timeline and map side by side with the titles readable.
  { name: 'dispatch-wide-light', path: '/w/demo/dispatch', viewport: wide, scheme: 'light', ready: schedule },
  { name: 'dispatch-desktop-light', path: '/w/demo/dispatch', viewport: desktop, scheme: 'light', ready: schedule },
  { name: 'dispatch-laptop-dark', path: '/w/demo/dispatch', viewport: laptop, scheme: 'dark', ready: schedule },
  {
    name: 'calendar-week-desktop-light',
    path: '/w/demo/calendar?view=timeGridWeek',
    viewport: desktop,
    scheme: 'light',
    ready: schedule,
  },
  { name: 'overview-desktop-light', path: '/w/demo', viewport: desktop, scheme: 'light', ready: overview },
  { name: 'overview-phone-dark', path: '/w/demo', viewport: phone, scheme: 'dark', ready: overview },
  // A technician's first visit of the day, opened from My day's card.
  {
    name: 'work-record-phone-light',
    path: '/w/demo/my-day',
    viewport: phone,
    scheme: 'light',
    user: 'tech1',
    ready: workRecord,
  },
  {
    name: 'work-record-phone-dark',
    path: '/w/demo/my-day',
    viewport: phone,
    scheme: 'dark',
    user: 'tech1',
    ready: workRecord,
  },
  {
    name: 'checklists-desktop-light',
    path: '/w/demo/settings/checklists',
    viewport: desktop,
    scheme: 'light',
    ready: (page) => page.getByRole('heading', { level: 1 }).waitFor(),
  },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const shot of shots) {
    const context = await browser.newContext({ baseURL: base, viewport: shot.viewport, colorScheme: shot.scheme });
    const page = await context.newPage();
    const res = await page.request.post('/api/v1/auth/sign-in', {
      data: { email: `${shot.user ?? 'dispatcher'}@demo.test`, password: 'fieldplan-demo' },
      headers: { origin: base },
    });
    if (!res.ok()) throw new Error(`sign-in failed: ${res.status()}`);
    await page.goto(shot.path);
    await shot.ready(page);
    // Fonts, map tiles (or their offline notice) and the calendar's last layout settle.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(800);
    const file = path.join(out, `${shot.name}.png`);
    await page.screenshot({ path: file });
    console.log(file);
    await context.close();
  }
} finally {
  await browser.close();
}
