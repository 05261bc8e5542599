#!/usr/bin/env node
// The board, calendar, Overview, booking and other screenshots in docs/screenshots, taken from a running Fieldplan
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
// The public booking page, up to the times suggested for the first service at "Berlin" (or through to
// "Request sent", which leaves a request for the Requests shot).
const bookingSlots = async (page) => {
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('button.book-service').first().click();
  await page.getByRole('combobox', { name: 'Address of the visit' }).fill('Berlin');
  await page.getByRole('option').first().waitFor();
  await page.getByRole('combobox', { name: 'Address of the visit' }).press('ArrowDown');
  await page.getByRole('combobox', { name: 'Address of the visit' }).press('Enter');
  await page.locator('button.book-slot').first().waitFor();
};
const bookingSent = async (page) => {
  await bookingSlots(page);
  await page.locator('button.book-slot').first().click();
  await page.getByLabel('Name').fill('Anna Schmidt');
  await page.getByLabel('Email').fill(`anna.schmidt+${Date.now()}@example.test`);
  await page.getByRole('button', { name: 'Request this time' }).click();
  await page.getByRole('heading', { name: /Request sent|Your visit is booked/ }).waitFor({ timeout: 30_000 });
};
const requests = (page) => page.getByRole('list', { name: 'Requests waiting' }).waitFor();
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
  // Online booking (turned on with a few services first if the demo has none: see enableBooking).
  { name: 'booking-desktop-light', path: '/book/demo', viewport: desktop, scheme: 'light', ready: bookingSlots },
  { name: 'booking-phone-dark', path: '/book/demo', viewport: phone, scheme: 'dark', ready: bookingSlots },
  { name: 'booking-sent-phone-light', path: '/book/demo', viewport: phone, scheme: 'light', ready: bookingSent },
  { name: 'requests-desktop-light', path: '/w/demo/requests', viewport: desktop, scheme: 'light', ready: requests },
  { name: 'requests-phone-dark', path: '/w/demo/requests', viewport: phone, scheme: 'dark', ready: requests },
  {
    name: 'booking-settings-desktop-dark',
    path: '/w/demo/settings/booking',
    viewport: desktop,
    scheme: 'dark',
    ready: (page) => page.getByRole('form', { name: 'Booking settings' }).waitFor(),
  },
];

/** Turns the demo's online booking on with three services, as its owner, unless its page already answers. */
async function enableBooking() {
  if ((await fetch(`${base}/api/public/book/demo`)).ok) return;
  const signIn = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'fieldplan-demo' }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
  const call = async (method, url, body, headers = {}) => {
    const res = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { origin: base, cookie, 'content-type': 'application/json', ...headers },
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const me = await call('GET', '/me');
  const ws = me.memberships.find((m) => m.workspaceSlug === 'demo').workspaceId;
  const settings = await call('GET', `/workspaces/${ws}/booking/settings`);
  await call(
    'PUT',
    `/workspaces/${ws}/booking/settings`,
    {
      ...Object.fromEntries(
        ['autoConfirm', 'holdHours', 'pendingCap', 'horizonDays', 'minNoticeHours'].map((k) => [k, settings[k]]),
      ),
      enabled: true,
      intro:
        'Heating, plumbing and small repairs across Berlin. Pick a time that suits you — we confirm within a few hours.',
    },
    { 'if-match': `"${settings.version}"` },
  );
  for (const [name, durationMinutes] of [
    ['Boiler service', 60],
    ['Radiator bleed & check', 30],
    ['Leak repair', 90],
  ]) {
    await call('POST', `/workspaces/${ws}/booking/services`, { name, durationMinutes, technicianIds: [] });
  }
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  await enableBooking();
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
