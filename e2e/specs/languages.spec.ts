import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { openBooking } from '../support/booking.js';
import { baseUrl, launchBrowser, signInViaApi, trackPageErrors, uniqueEmail } from '../support/browser.js';
import { waitForMail } from '../support/inbox.js';

// Fieldplan in German (docs/adr/0042-languages.md): a German dispatcher's board and new job, a German
// technician's day on a phone, a German customer's booking and the email it brings — each screen walked
// for English left over from the catalog — and an English user in the same workspace still in English.

const messages = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/lib/i18n/messages');
const english = JSON.parse(readFileSync(path.join(messages, 'en.json'), 'utf8')) as Record<string, string>;
const german: Record<string, string> = Object.assign(
  {},
  ...readdirSync(path.join(messages, 'de'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(path.join(messages, 'de', f), 'utf8')) as Record<string, string>),
);
/** The German of a message, as the page shows it (no arguments). */
const de = (id: string): string => {
  const text = german[id];
  if (text === undefined) throw new Error(`no German for ${id}`);
  return text;
};

/** English texts a German page must not show: whole messages without arguments that German writes otherwise. */
const germanWords = new Set(Object.values(german));
const untranslated = new Set(
  Object.entries(english)
    .filter(
      ([id, text]) => !/[{<]/.test(text) && /\p{L}{3}/u.test(text) && german[id] !== text && !germanWords.has(text),
    )
    .map(([, text]) => text.trim()),
);

/** Every visible text and user-facing attribute of the page that is a catalog message in English. */
async function englishOn(page: Page): Promise<string[]> {
  const seen = await page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element | null) => el instanceof HTMLElement && el.checkVisibility();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && visible(node.parentElement)) out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    out.push(document.title);
    return out;
  });
  return [...new Set(seen.filter((text) => untranslated.has(text)))];
}

interface Me {
  user: { language: string | null };
  memberships: { workspaceId: string; workspaceSlug: string }[];
}

const phone = { width: 390, height: 844 };

describe('Fieldplan in German', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let ws = '';

  async function context(options: { viewport?: { width: number; height: number }; locale?: string } = {}) {
    const made = await browser.newContext({
      baseURL: baseUrl,
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: options.locale ?? 'en-US',
      timezoneId: 'Europe/Berlin',
      ...(options.viewport === phone && { isMobile: true, hasTouch: true }),
    });
    made.setDefaultTimeout(15_000);
    contexts.push(made);
    return made;
  }

  /** A demo user's page, signed in, with their own language set (restored after the suite). */
  async function userIn(email: string, language: 'de' | null, options: Parameters<typeof context>[0] = {}) {
    const made = await context(options);
    await signInViaApi(made, email);
    const page = await made.newPage();
    const me = await api<Me>(page, 'PATCH', '/me', { language });
    ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? ws;
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    // The demo's users speak their browser's language again for the specs after this one.
    for (const email of ['dispatcher@demo.test', 'tech1@demo.test']) {
      const made = await context();
      await signInViaApi(made, email);
      await api(await made.newPage(), 'PATCH', '/me', { language: null });
    }
    for (const made of contexts) await made.close().catch(() => undefined);
    await browser.close();
  });

  it('a German dispatcher’s board and a new job read German, with nothing of the English catalog left', async () => {
    const page = await userIn('dispatcher@demo.test', 'de');
    const errors = trackPageErrors(page);
    await page.goto('/w/demo/dispatch');
    await page.getByRole('heading', { name: de('dispatch.board.heading'), level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.waitForLoadState('networkidle');
    expect(await englishOn(page)).toEqual([]);

    await page.goto('/w/demo/jobs/new');
    const form = page.getByRole('form', { name: de('jobs.form.label') });
    await form.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await englishOn(page)).toEqual([]);
    const title = `Heizungswartung ${Date.now().toString(36)}`;
    await form.getByLabel(de('jobs.form.title'), { exact: true }).fill(title);
    const site = form.getByRole('combobox', { name: new RegExp(de('jobs.form.siteAddress')) });
    await site.fill('Berlin');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await site.press('ArrowDown');
    await site.press('Enter');
    await page.getByRole('button', { name: de('jobs.new.create') }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}(\?|$)/);
    await page.getByText(title).first().waitFor();
    expect(await englishOn(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a German technician’s day on a phone: My day, on the way, the work record with a note, completed', async () => {
    const office = await userIn('dispatcher@demo.test', 'de');
    const members = await api<{ id: string; name: string }[]>(office, 'GET', `/workspaces/${ws}/members`);
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    const start = Date.now() - 10 * 60_000;
    const title = `Rohrbruch ${Date.now().toString(36)}`;
    const job = await api<{ id: string }>(office, 'POST', `/workspaces/${ws}/jobs`, {
      title,
      address: 'Kastanienallee 12, 10435 Berlin',
      lat: 52.5386,
      lng: 13.4107,
      start: new Date(start).toISOString(),
      end: new Date(start + 60 * 60_000).toISOString(),
      assigneeIds: [tomasz],
    });

    const page = await userIn('tech1@demo.test', 'de', { viewport: phone });
    const errors = trackPageErrors(page);
    await page.goto('/w/demo/my-day');
    const card = page.getByRole('article', { name: new RegExp(`${title}$`) });
    await card.waitFor();
    await page.waitForLoadState('networkidle');
    expect(await englishOn(page)).toEqual([]);

    await card.getByRole('button', { name: de('entities.jobStatusAction.onMyWay') }).click();
    await card.getByRole('button', { name: de('entities.jobStatusAction.startWork') }).click();
    await expect
      .poll(() => card.getByRole('button', { name: de('entities.jobStatusAction.complete') }).count())
      .toBe(1);
    await page.goto(`/w/demo/my-day/visit/${job.id}`);
    await page.getByRole('textbox', { name: de('workRecord.notes.new') }).fill('Dichtung am Vorlauf getauscht.');
    await page.getByRole('button', { name: de('workRecord.notes.add') }).click();
    await page.locator('.wr-note-body', { hasText: 'Dichtung am Vorlauf getauscht.' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await englishOn(page)).toEqual([]);

    await page.goto('/w/demo/my-day');
    await card.getByRole('button', { name: de('entities.jobStatusAction.complete') }).click();
    await expect.poll(() => card.isVisible()).toBe(false);
    expect(await englishOn(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('a customer picks German on the booking page, books, and gets the German email', async () => {
    const owner = await userIn('owner@demo.test', null);
    const service = `Heizungscheck ${Date.now().toString(36)}`;
    await openBooking(owner, ws, service);

    const page = await (await context({ viewport: phone })).newPage();
    const errors = trackPageErrors(page);
    await page.goto('/book/demo');
    // The business speaks English to its customers; this one picks German.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.getByRole('button', { name: new RegExp(`^${service}`) }).click();
    const address = page.getByRole('combobox', { name: de('booking.address.label') });
    await address.fill('Berlin');
    await page.getByRole('listbox').getByRole('option').first().waitFor();
    await address.press('ArrowDown');
    await address.press('Enter');
    const slots = page
      .getByRole('region', { name: new RegExp(de('booking.step.timeTitle')) })
      .locator('button.book-slot');
    await slots.first().click();
    const email = uniqueEmail('greta');
    const form = page.getByRole('form', { name: de('booking.details.label') });
    await form.getByLabel(de('booking.details.name'), { exact: true }).fill('Greta Grün');
    await form.getByLabel(de('booking.details.email'), { exact: true }).fill(email);
    expect(await englishOn(page)).toEqual([]);
    await form.getByRole('button', { name: de('booking.details.submit') }).click();
    await page.getByRole('heading', { name: de('booking.done.requested') }).waitFor();
    expect(await englishOn(page)).toEqual([]);
    expect(errors).toEqual([]);

    const mail = await waitForMail(email, (m) => m.subject.includes('Buchungsanfrage'));
    // Nothing left waiting for the specs after this one: the office declines the request.
    const requests = await api<{ items: { id: string; email: string; version: number }[] }>(
      owner,
      'GET',
      `/workspaces/${ws}/booking/requests`,
    );
    const mine = requests.items.find((r) => r.email === email);
    if (!mine) throw new Error('the request is not listed');
    await api(
      owner,
      'POST',
      `/workspaces/${ws}/booking/requests/${mine.id}/decline`,
      {},
      { 'if-match': `"${mine.version}"` },
    );
    expect(mail.subject).toMatch(
      /^.+ hat Ihre Buchungsanfrage erhalten: \p{L}+, \d{1,2}\. \p{L}+ \d{4}, \d\d:\d\d–\d\d:\d\d$/u,
    );
    expect(mail.text).toContain('Guten Tag Greta Grün,');
  });

  it('an English user of the same workspace still reads English', async () => {
    const page = await userIn('owner@demo.test', null);
    await page.goto('/w/demo/dispatch');
    await page.getByRole('heading', { name: 'Dispatch', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).count())
      .toBe(1);
  });
});
