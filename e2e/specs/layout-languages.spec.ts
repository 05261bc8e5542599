import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BookingService, BookingSettings } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { openBooking } from '../support/booking.js';
import { baseUrl, launchBrowser, signInViaApi, trackPageErrors } from '../support/browser.js';
import { type LayoutProblem, layoutProblems } from '../support/layout.js';

// Layouts that survive translation (docs/TRANSLATING.md): German runs about 30 % longer than English and
// the pseudo-locale (`?lang=en-XA`, docs/adr/0042-languages.md) 40 %. The main screens, in both, at a
// laptop's and a phone's width, must show no clipped label, no controls drawn over each other and no
// word broken in the middle. Screenshots land in <tmp>/fieldplan-e2e/layout (docs/screenshots holds a
// set of them, docs/PRODUCT.md "Languages").

const shots = path.join(os.tmpdir(), 'fieldplan-e2e', 'layout');
const widths = [
  { name: '1280', viewport: { width: 1280, height: 800 }, phone: false },
  { name: '390', viewport: { width: 390, height: 844 }, phone: true },
] as const;
const languages = [
  { lang: 'de', name: 'de' },
  { lang: 'en-XA', name: 'pseudo' },
] as const;

type Who = 'office' | 'technician' | 'customer';
const serviceName = 'Wartung der Gasheizung';
interface Screen {
  name: string;
  who: Who;
  path: () => string;
  /** A CSS selector for what shows once the screen has its data. */
  ready: string;
  /** Goes on to a later state of the screen, checked and photographed too (the booking page's times). */
  next?: (page: Page) => Promise<void>;
}

describe('the layout detector', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('sees a clipped button, a button and a label cut by their box, a cut select, overlapping controls and a broken word', async () => {
    const page = await (await browser.newContext({ viewport: { width: 800, height: 600 } })).newPage();
    await page.setContent(`
      <div role="toolbar" style="display:flex;width:300px">
        <button id="clipped" style="width:60px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">Alle Techniker/innen</button>
        <button id="spills" style="width:40px;white-space:nowrap">Speichern und schließen</button>
        <select style="width:70px"><option>Alle Techniker/innen</option></select>
      </div>
      <div role="toolbar" style="position:relative;height:40px;width:300px">
        <button style="position:relative;inset-inline-start:0">Disposition</button>
        <button style="position:relative;margin-inline-start:-40px">Kalender</button>
      </div>
      <h2 style="width:70px;overflow-wrap:anywhere;hyphens:none">Einsatzdokumentation</h2>
      <div role="toolbar" style="display:flex;gap:8px;flex-wrap:wrap;width:300px">
        <button>Speichern</button><button>Abbrechen</button>
        <select><option>Alle Techniker/innen</option></select>
      </div>
      <h2 style="width:120px">Techniker/innen Einsatz&shy;dokumentation</h2>
      <div style="display:flex;width:100px;overflow:hidden"><button style="flex:none">Neuer Auftrag anlegen</button></div>
      <div style="width:80px;overflow:hidden"><span style="white-space:nowrap">Nicht zugewiesen</span></div>`);
    const problems = await layoutProblems(page);
    const kinds = (kind: LayoutProblem['kind']) => problems.filter((p) => p.kind === kind).map((p) => p.where);
    expect(kinds('clipped')).toEqual([
      expect.stringMatching(/^button "Alle Techniker\/innen"/),
      expect.stringMatching(/^button "Neuer Auftrag anlegen"/),
      expect.stringMatching(/^span "Nicht zugewiesen"/),
      'select "Alle Techniker/innen"',
    ]);
    expect(kinds('overflowing')).toEqual([expect.stringContaining('Speichern und schließen')]);
    expect(kinds('overlap')).toEqual([expect.stringMatching(/"Disposition" and .*"Kalender"/)]);
    expect(problems.filter((p) => p.kind === 'broken-word')).toEqual([
      expect.objectContaining({ where: expect.stringContaining('"Einsatzdokumentation"') }),
    ]);
    expect(problems).toHaveLength(7);
  });
});

describe('layouts that survive translation', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ws = '';
  let owner: Page;
  let job: { id: string; version: number };
  let service: BookingService;
  let bookingBefore: BookingSettings;

  const screens: Screen[] = [
    { name: 'board', who: 'office', path: () => '/w/demo/dispatch', ready: '.cal-body[aria-busy="false"]' },
    {
      name: 'calendar',
      who: 'office',
      path: () => '/w/demo/calendar?view=timeGridWeek',
      ready: '.cal-body[aria-busy="false"]',
    },
    { name: 'new-job', who: 'office', path: () => '/w/demo/jobs/new', ready: 'form[aria-label]' },
    { name: 'my-day', who: 'technician', path: () => '/w/demo/my-day', ready: 'article' },
    { name: 'work-record', who: 'technician', path: () => `/w/demo/my-day/visit/${job.id}`, ready: 'textarea' },
    {
      name: 'booking',
      who: 'customer',
      path: () => '/book/demo',
      ready: '.book-steps',
      next: async (page) => {
        await page.getByRole('button', { name: new RegExp(`^${serviceName}`) }).click();
        const address = page.locator('.book-combo input');
        await address.fill('Berlin');
        await page.getByRole('listbox').getByRole('option').first().waitFor();
        await address.press('ArrowDown');
        await address.press('Enter');
        await page.locator('button.book-slot').first().waitFor();
      },
    },
    { name: 'settings', who: 'office', path: () => '/w/demo/settings', ready: 'main h1' },
  ];

  async function context(viewport: { width: number; height: number }, phone: boolean, email?: string) {
    const made = await browser.newContext({
      baseURL: baseUrl,
      viewport,
      colorScheme: 'light',
      locale: 'en-US',
      timezoneId: 'Europe/Berlin',
      ...(phone && { isMobile: true, hasTouch: true }),
    });
    made.setDefaultTimeout(15_000);
    contexts.push(made);
    if (email) await signInViaApi(made, email);
    return made;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    fs.mkdirSync(shots, { recursive: true });
    owner = await (await context({ width: 1280, height: 800 }, false, 'owner@demo.test')).newPage();
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(owner, 'GET', '/me');
    ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(owner, 'GET', `/workspaces/${ws}/members`);
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    // A visit for the technician at midday today (10:00 UTC is Berlin's late morning or noon, whatever
    // the season), for My day and its work record.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const start = Date.parse(`${today}T10:00:00Z`);
    job = await api<{ id: string; version: number }>(owner, 'POST', `/workspaces/${ws}/jobs`, {
      title: 'Heizungswartung Kastanienallee',
      address: 'Kastanienallee 12, 10435 Berlin',
      lat: 52.5386,
      lng: 13.4107,
      start: new Date(start).toISOString(),
      end: new Date(start + 60 * 60_000).toISOString(),
      assigneeIds: [tomasz],
    });
    bookingBefore = await api<BookingSettings>(owner, 'GET', `/workspaces/${ws}/booking/settings`);
    service = await openBooking(owner, ws, serviceName);
  });

  afterAll(async () => {
    // Nothing left for the specs after this one: the job, the service and the booking settings as they were.
    if (owner) {
      const remove = (address: string, headers: Record<string, string> = {}) =>
        owner.request.fetch(`/api/v1/workspaces/${ws}${address}`, {
          method: 'DELETE',
          headers: { origin: baseUrl, ...headers },
        });
      if (job) await remove(`/jobs/${job.id}`, { 'if-match': `"${job.version}"` });
      if (service) await remove(`/booking/services/${service.id}`);
      if (bookingBefore) {
        const now = await api<BookingSettings>(owner, 'GET', `/workspaces/${ws}/booking/settings`);
        const { enabled, autoConfirm, holdHours, pendingCap, horizonDays, minNoticeHours, intro } = bookingBefore;
        await owner.request.fetch(`/api/v1/workspaces/${ws}/booking/settings`, {
          method: 'PUT',
          headers: { origin: baseUrl, 'if-match': `"${now.version}"` },
          data: { enabled, autoConfirm, holdHours, pendingCap, horizonDays, minNoticeHours, intro },
        });
      }
    }
    for (const made of contexts) await made.close().catch(() => undefined);
    await browser.close();
  });

  for (const { lang, name: langName } of languages) {
    for (const { name: widthName, viewport, phone } of widths) {
      it(`${langName} at ${widthName} px: nothing clipped, overlapping or broken mid-word`, async () => {
        const pages: Record<Who, Page> = {
          office: await (await context(viewport, phone, 'owner@demo.test')).newPage(),
          technician: await (await context(viewport, phone, 'tech1@demo.test')).newPage(),
          customer: await (await context(viewport, phone)).newPage(),
        };
        const errors = Object.values(pages).map((page) => trackPageErrors(page));
        const found: string[] = [];
        for (const screen of screens) {
          const page = pages[screen.who];
          const address = screen.path();
          await page.goto(`${address}${address.includes('?') ? '&' : '?'}lang=${lang}`);
          await page.locator(screen.ready).first().waitFor();
          await page.waitForLoadState('networkidle');
          await page.evaluate(() => document.fonts.ready.then(() => undefined));
          expect(await page.evaluate(() => document.documentElement.lang), screen.name).toBe(lang);
          // A screen still settling (a late font, a list arriving, a toolbar measuring its overflow) is
          // looked at again for up to 3 s; what is still wrong then is a problem.
          const check = async () => {
            let problems = await layoutProblems(page);
            for (let again = 0; problems.length > 0 && again < 3; again++) {
              await page.waitForTimeout(1000);
              problems = await layoutProblems(page);
            }
            for (const problem of problems) {
              found.push(`${screen.name}: ${problem.kind} ${problem.where} (${problem.detail})`);
            }
          };
          await check();
          if (screen.next) {
            await screen.next(page);
            await check();
          }
          await page.screenshot({ path: path.join(shots, `${langName}-${screen.name}-${widthName}.png`) });
        }
        expect(found, found.join('\n')).toEqual([]);
        expect(errors.flat()).toEqual([]);
      });
    }
  }
});
