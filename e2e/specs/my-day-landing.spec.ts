import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDayPage } from '../pages/my-day-page.js';
import { SignInPage } from '../pages/sign-in-page.js';
import { api } from '../support/api.js';
import { baseUrl, demoPassword, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}
interface Job {
  id: string;
  version: number;
}

const phone = { width: 390, height: 844 };
const minute = 60_000;
const shots = path.join(os.tmpdir(), 'fieldplan-e2e');

/**
 * Three slots on today's Berlin date around now: one already over, one going on now, one later —
 * squeezed towards the morning when the spec runs late in the evening, so none falls on tomorrow.
 */
function todaySlots(now: number) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const midnight = Math.floor(now / minute) * minute - (part('hour') * 60 + part('minute')) * minute;
  const end = midnight + 24 * 60 * minute - minute;
  const clamp = (t: number) => Math.min(Math.max(t, midnight), end);
  const slot = (from: number, to: number): [string, string] => [
    new Date(clamp(now + from * minute)).toISOString(),
    new Date(clamp(now + to * minute)).toISOString(),
  ];
  return { past: slot(-120, -60), now: slot(-5, 55), later: slot(60, 120) };
}

describe('my day on a 390 px phone: landing, order, contacts, sharing and the first offline reload', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  /** The dispatcher gives Tomasz (tech1) three visits today: one done, one he's driving to, one later. */
  async function planTomaszsDay(suffix: string) {
    const office = await newContext(browser);
    contexts.push(office);
    await signInViaApi(office, 'dispatcher@demo.test');
    const page = await office.newPage();
    const me = await api<Me>(page, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(page, 'GET', `/workspaces/${ws}/members`);
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    const customer = await api<{ id: string }>(page, 'POST', `/workspaces/${ws}/customers`, {
      name: `Hausverwaltung Koch ${suffix}`,
      phone: '+49 30 555-0101',
      address: 'Kastanienallee 12, 10435 Berlin',
      lat: 52.538,
      lng: 13.409,
      notes: 'Gate code 4711 — ring twice',
    });
    const slots = todaySlots(Date.now());
    const visit = (title: string, [start, end]: [string, string], extra: Record<string, unknown> = {}) =>
      api<Job>(page, 'POST', `/workspaces/${ws}/jobs`, {
        title,
        address: 'Torstraße 1, 10119 Berlin',
        lat: 52.529,
        lng: 13.401,
        start,
        end,
        assigneeIds: [tomasz],
        ...extra,
      });
    const moveTo = async (job: Job, ...statuses: string[]) => {
      let version = job.version;
      for (const status of statuses) {
        const moved = await api<Job>(
          page,
          'POST',
          `/workspaces/${ws}/jobs/${job.id}/status`,
          { status },
          { 'if-match': `"${version}"` },
        );
        version = moved.version;
      }
    };
    const titles = {
      done: `Tap washer ${suffix}`,
      driving: `Radiator bleed ${suffix}`,
      later: `Boiler check ${suffix}`,
    };
    await moveTo(await visit(titles.done, slots.past), 'en_route', 'in_progress', 'completed');
    await moveTo(
      await visit(titles.driving, slots.now, {
        customerId: customer.id,
        address: 'Kastanienallee 12, 10435 Berlin',
        lat: 52.538,
        lng: 13.409,
        description: 'Bleed every radiator; the 2nd floor one knocks.',
      }),
      'en_route',
    );
    await visit(titles.later, slots.later);
    return { ws, titles };
  }

  /** Tomasz's phone in Berlin, allowed to give its position. */
  async function tomaszsPhone(
    colorScheme: 'light' | 'dark' = 'light',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: phone,
      isMobile: true,
      hasTouch: true,
      timezoneId: 'Europe/Berlin',
      colorScheme,
      permissions: ['geolocation'],
      geolocation: { latitude: 52.53, longitude: 13.405, accuracy: 10 },
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return { context, page: await context.newPage() };
  }

  it('signs in, lands on my day with the next visit on top, and reads the day offline on the first reload', async () => {
    const suffix = Date.now().toString(36);
    const { titles } = await planTomaszsDay(suffix);
    const { context, page } = await tomaszsPhone();
    const errors = trackPageErrors(page);

    // Signing in on the sign-in page takes a technician straight to my day.
    await page.goto('/login');
    await new SignInPage(page).signIn('tech1@demo.test', demoPassword);
    await page.waitForURL(/\/w\/demo\/my-day$/);
    const myDay = new MyDayPage(page);
    await myDay.card(titles.driving).waitFor();

    // The next visit leads: whatever is under way or being driven to, then the rest by time; the
    // visit done is folded under Done.
    const names = await myDay.todoNames();
    const driving = names.findIndex((n) => n.endsWith(titles.driving));
    const later = names.findIndex((n) => n.endsWith(titles.later));
    expect(driving).toBeGreaterThanOrEqual(0);
    expect(later).toBeGreaterThan(driving);
    expect(names.some((n) => n.endsWith(titles.done))).toBe(false);
    expect(await myDay.todo.locator('.status').first().textContent()).toMatch(/^(In progress|En route)$/);
    expect(await myDay.todo.locator('.myday-card-next').count()).toBe(1);
    await myDay.card(titles.done).waitFor({ state: 'hidden' });
    expect(await myDay.doneToggle.getAttribute('aria-expanded')).toBe('false');
    await myDay.doneToggle.focus();
    await page.keyboard.press('Enter');
    await myDay.card(titles.done).waitFor();
    expect(await myDay.status(titles.done).textContent()).toBe('Completed');
    await page.keyboard.press('Enter');
    await myDay.card(titles.done).waitFor({ state: 'hidden' });

    // What Tomasz needs at the door, and his dialer, messages and maps apps one tap away.
    const card = myDay.card(titles.driving);
    expect(await card.textContent()).toContain('Bleed every radiator; the 2nd floor one knocks.');
    expect(await card.textContent()).toContain('Gate code 4711 — ring twice');
    expect(await card.getByRole('link', { name: /^Call / }).getAttribute('href')).toBe('tel:+49305550101');
    expect(await card.getByRole('link', { name: /^Message / }).getAttribute('href')).toBe('sms:+49305550101');
    expect(await card.getByRole('link', { name: 'Directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=52.538%2C13.409',
    );

    // En route without sharing: the card says the customer can't see him, and turns it on there.
    await myDay.sharingHint(titles.driving).waitFor();
    expect(await myDay.shareSwitch.getAttribute('aria-checked')).toBe('false');
    await myDay.sharingHint(titles.driving).getByRole('button', { name: 'Share location' }).click();
    await expect.poll(() => myDay.shareSwitch.getAttribute('aria-checked')).toBe('true');
    await myDay.sharingHint(titles.driving).waitFor({ state: 'detached' });

    // The first reload of this session happens in a cellar: the day is there, and sharing is still on.
    await myDay.offlineReady();
    await context.setOffline(true);
    await page.reload();
    await myDay.card(titles.driving).waitFor();
    expect(await page.getByText("Can't reach Fieldplan").count()).toBe(0);
    await expect.poll(() => myDay.sync.textContent()).toContain('Offline');
    expect(await myDay.shareSwitch.getAttribute('aria-checked')).toBe('true');

    // Back online and reloaded again: still sharing, no warning on the card.
    await context.setOffline(false);
    await page.reload();
    await myDay.card(titles.driving).waitFor();
    await expect.poll(() => myDay.shareSwitch.getAttribute('aria-checked')).toBe('true');
    expect(await myDay.sharingHint(titles.driving).count()).toBe(0);
    await expect.poll(() => page.locator('.myday-share-status').textContent()).toMatch(/^On:/);

    await page.screenshot({ path: path.join(shots, 'my-day-phone-light.png') });
    expect(errors).toEqual([]);
  });

  it('the same day in the dark, with Done opened', async () => {
    const { context, page } = await tomaszsPhone('dark');
    await signInViaApi(context, 'tech1@demo.test');
    // The root sends a technician to my day (any screen size).
    await page.goto('/');
    await page.waitForURL(/\/w\/demo\/my-day$/);
    const myDay = new MyDayPage(page);
    await myDay.todo.getByRole('article').first().waitFor();
    await myDay.doneToggle.click();
    expect(await myDay.doneToggle.getAttribute('aria-expanded')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(shots, 'my-day-phone-dark.png') });
  });
});
