import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDayPage } from '../pages/my-day-page.js';
import { TrackingPage } from '../pages/tracking-page.js';
import { api } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string; memberId: string }[];
}
interface Job {
  id: string;
  version: number;
  status: string;
}

const phone = { width: 390, height: 844 };
const minute = 60_000;

/**
 * Three visits on today's Berlin date: the first going on now (its tracking link lives until it
 * ends), the other two after it — or before it, late in the evening, so none falls on tomorrow.
 */
function dayTimes(now: number) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const midnight = Math.floor(now / minute) * minute - (part('hour') * 60 + part('minute')) * minute;
  const nextMidnight = midnight + 24 * 60 * minute;
  const first: [number, number] = [Math.max(midnight, now - 20 * minute), Math.min(nextMidnight, now + 70 * minute)];
  if (nextMidnight - first[1] >= 160 * minute) {
    const after = (from: number, to: number): [number, number] => [first[1] + from * minute, first[1] + to * minute];
    return { first, second: after(20, 80), third: after(100, 160) };
  }
  const before = (from: number, to: number): [number, number] => [first[0] - from * minute, first[0] - to * minute];
  return { first, second: before(160, 100), third: before(80, 20) };
}

describe('the technician’s day on a phone and the customer’s tracking link', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  /** The dispatcher, signed in through the API: their page, the demo workspace and its members. */
  async function signInOffice() {
    const office = await newContext(browser);
    contexts.push(office);
    await signInViaApi(office, 'dispatcher@demo.test');
    const officePage = await office.newPage();
    const me = await api<Me>(officePage, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(officePage, 'GET', `/workspaces/${ws}/members`);
    return { officePage, ws, members };
  }

  it('works through a day with two changes made offline while the customer watches the technician come', async () => {
    // The dispatcher gives Tomasz (tech1) two visits today, through the API.
    const { officePage, ws, members } = await signInOffice();
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    const aylin = members.find((m) => m.name === 'Aylin Demir')?.id ?? '';
    expect(aylin).not.toBe('');
    const now = Date.now();
    const suffix = now.toString(36);
    const visit = (title: string, [start, end]: [number, number], lat: number, lng: number) =>
      api<Job>(officePage, 'POST', `/workspaces/${ws}/jobs`, {
        title,
        address: 'Torstraße 1, 10119 Berlin',
        lat,
        lng,
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        assigneeIds: [tomasz],
      });
    const times = dayTimes(now);
    const first = `Boiler check ${suffix}`;
    const second = `Radiator bleed ${suffix}`;
    const a = await visit(first, times.first, 52.529, 13.401);
    const b = await visit(second, times.second, 52.5, 13.35);
    const third = `Gutter clean ${suffix}`;
    const c = await visit(third, times.third, 52.51, 13.38);

    // Tomasz on his phone (Berlin time, like the workspace).
    const phoneContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: phone,
      isMobile: true,
      hasTouch: true,
      timezoneId: 'Europe/Berlin',
    });
    contexts.push(phoneContext);
    await signInViaApi(phoneContext, 'tech1@demo.test');
    const techPage = await phoneContext.newPage();
    const techErrors = trackPageErrors(techPage);
    // The start page sends a technician on a phone to my day.
    await techPage.goto('/');
    await techPage.waitForURL(/\/w\/demo\/my-day$/);
    const myDay = new MyDayPage(techPage);
    await myDay.card(first).waitFor();
    await myDay.card(second).waitFor();
    await myDay.card(third).waitFor();
    await myDay.serviceWorkerReady();
    // Loaded once under the service worker: the shell and the day are kept for offline reading.
    await techPage.reload();
    await myDay.card(first).waitFor();
    expect(await myDay.card(first).textContent()).toContain('Torstraße 1');
    expect(await myDay.card(first).locator('a', { hasText: 'Directions' }).getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=52.529%2C13.401',
    );

    // On my way (online): the visit's tracking link exists for the dispatcher to send.
    await myDay.advance(first, 'On my way').click();
    await expect.poll(() => myDay.status(first).textContent()).toBe('En route');
    await expect
      .poll(async () => (await api<Job>(officePage, 'GET', `/workspaces/${ws}/jobs/${a.id}`)).status)
      .toBe('en_route');
    const [link] = await api<{ url: string }[]>(officePage, 'GET', `/workspaces/${ws}/tracking-links?jobId=${a.id}`);
    expect(link?.url).toMatch(/\/track\/[A-Za-z0-9_-]{43}$/);

    // The customer opens it: no session, another browser profile.
    const customerContext = await browser.newContext({ baseURL: baseUrl, viewport: phone, isMobile: true });
    contexts.push(customerContext);
    const customerPage = await customerContext.newPage();
    const customerErrors = trackPageErrors(customerPage);
    const tracking = new TrackingPage(customerPage);
    await tracking.open(link?.url ?? '');
    await expect.poll(() => tracking.headline.textContent()).toBe('Tomasz is on the way');
    expect(await customerPage.locator('.track-tech').textContent()).toContain('Tomasz');
    expect(await customerPage.content()).not.toContain('Nowak');
    // Its own small entry (track.html): none of the app's first chunk, router or signed-in screens.
    const scripts = await customerPage.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(scripts.some((p) => /^\/assets\/track-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.filter((p) => /^\/assets\/(index|LoginPage|OverviewPage)-/.test(p))).toEqual([]);

    // Tomasz's position comes in (one ping every 5 s at most: a 429 says when to try again).
    const ping = async (lat: number, lng: number) => {
      for (;;) {
        const res = await techPage.request.post(`/api/v1/workspaces/${ws}/locations`, {
          data: { lat, lng, accuracyM: 10 },
          headers: { origin: baseUrl },
        });
        if (res.status() === 201) return;
        if (res.status() !== 429) throw new Error(`ping: ${res.status()} ${await res.text()}`);
        await techPage.waitForTimeout(Number(res.headers()['retry-after'] ?? '1') * 1000);
      }
    };
    await ping(52.52, 13.405);
    await tracking.map.waitFor();
    const start = await tracking.position();
    expect(Math.abs(start.lat - 52.52)).toBeLessThan(0.002);
    expect(await customerPage.locator('.track-eta').textContent()).toMatch(/^Arriving around \d{1,2}:\d{2}/);
    await ping(52.526, 13.403);
    await expect.poll(async () => (await tracking.position()).lat).toBeGreaterThan(start.lat);

    // Offline in a cellar: two status changes wait on the phone.
    await phoneContext.setOffline(true);
    await techPage.reload();
    await myDay.card(first).waitFor();
    await myDay.advance(first, 'Start work').click();
    await myDay.advance(second, 'On my way').click();
    await expect.poll(() => myDay.sync.textContent()).toContain('2 status changes waiting to be sent');
    // Meanwhile the office gives the third visit to Aylin; Tomasz, still offline, doesn't know.
    await api<Job>(
      officePage,
      'PATCH',
      `/workspaces/${ws}/jobs/${c.id}`,
      { assigneeIds: [aylin] },
      {
        'if-match': String(c.version),
      },
    );
    await myDay.advance(third, 'On my way').click();
    await expect.poll(() => myDay.sync.textContent()).toContain('3 status changes waiting to be sent');
    expect(await myDay.waiting(first).textContent()).toContain('Start work');
    expect(await myDay.status(first).textContent()).toBe('In progress');
    // Nothing reached the server yet.
    expect((await api<Job>(officePage, 'GET', `/workspaces/${ws}/jobs/${a.id}`)).status).toBe('en_route');
    expect(await tracking.headline.textContent()).toBe('Tomasz is on the way');

    // Back online: the two go, in order, with If-Match; the one on Aylin's job is refused and says why,
    // even after the day (live again) no longer lists that visit.
    await phoneContext.setOffline(false);
    await myDay.sync.waitFor({ state: 'detached' });
    expect((await api<Job>(officePage, 'GET', `/workspaces/${ws}/jobs/${a.id}`)).status).toBe('in_progress');
    expect((await api<Job>(officePage, 'GET', `/workspaces/${ws}/jobs/${b.id}`)).status).toBe('en_route');
    expect((await api<Job>(officePage, 'GET', `/workspaces/${ws}/jobs/${c.id}`)).status).toBe('scheduled');
    await myDay.card(third).waitFor({ state: 'detached' });
    const refusal = myDay.refusedElsewhere(third);
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('no longer yours');
    await refusal.getByRole('button', { name: 'Dismiss' }).click();
    await refusal.waitFor({ state: 'detached' });

    // The customer's page: arrived, and the position is gone.
    await expect.poll(() => tracking.headline.textContent()).toBe('Tomasz has arrived and is working');
    await tracking.map.waitFor({ state: 'detached' });
    expect(await customerPage.locator('.track-eta').count()).toBe(0);

    // The rest of the day, online. A completed visit folds under "Done"; opened, it says so.
    await myDay.advance(first, 'Complete').click();
    await myDay.card(first).waitFor({ state: 'hidden' });
    await myDay.doneToggle.click();
    await expect.poll(() => myDay.status(first).textContent()).toBe('Completed');
    await myDay.advance(second, 'Start work').click();
    await expect.poll(() => myDay.status(second).textContent()).toBe('In progress');
    await myDay.advance(second, 'Complete').click();
    await expect.poll(() => myDay.status(second).textContent()).toBe('Completed');
    await expect
      .poll(async () => (await api<Job>(officePage, 'GET', `/workspaces/${ws}/jobs/${b.id}`)).status)
      .toBe('completed');

    // The visit is over: the open page says so, and so does the link opened again.
    await tracking.expired.waitFor();
    await tracking.open(link?.url ?? '');
    await tracking.expired.waitFor();
    const api404 = await customerPage.request.get(`/api/v1/track/${link?.url.split('/').pop()}`);
    expect(api404.status()).toBe(404);
    await tracking.open('/track/not-a-real-token-at-all');
    await tracking.expired.waitFor();

    expect(techErrors).toEqual([]);
    expect(customerErrors).toEqual([]);
  });

  it("the customer's page catches a move sent while it was still subscribing to the link's channel", async () => {
    const { officePage, ws, members } = await signInOffice();
    const mia = members.find((m) => m.name === 'Mia Schulz')?.id ?? '';
    expect(mia).not.toBe('');
    const now = Date.now();
    const job = await api<Job>(officePage, 'POST', `/workspaces/${ws}/jobs`, {
      title: `Tap repair ${now.toString(36)}`,
      address: 'Karl-Marx-Allee 1, 10178 Berlin',
      lat: 52.518,
      lng: 13.42,
      start: new Date(now - 10 * minute).toISOString(),
      end: new Date(now + 60 * minute).toISOString(),
      assigneeIds: [mia],
    });

    // Mia (tech4) sets off: that opens the link.
    const miaContext = await newContext(browser);
    contexts.push(miaContext);
    await signInViaApi(miaContext, 'tech4@demo.test');
    const miaPage = await miaContext.newPage();
    await api(
      miaPage,
      'POST',
      `/workspaces/${ws}/jobs/${job.id}/status`,
      { status: 'en_route' },
      { 'if-match': `"${job.version}"` },
    );
    const [link] = await api<{ url: string }[]>(officePage, 'GET', `/workspaces/${ws}/tracking-links?jobId=${job.id}`);

    // The customer's phone is slow to fetch the realtime client: the page is up, its channel not yet.
    const customerContext = await browser.newContext({ baseURL: baseUrl, viewport: phone, isMobile: true });
    contexts.push(customerContext);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      void customerContext.route(/\/assets\/pusher-client-[\w-]+\.js$/, async (route) => {
        resolve();
        await new Promise<void>((go) => {
          release = go;
        });
        await route.continue();
      });
    });
    const customerPage = await customerContext.newPage();
    const customerErrors = trackPageErrors(customerPage);
    const tracking = new TrackingPage(customerPage);
    await tracking.open(link?.url ?? '');
    await expect.poll(() => tracking.headline.textContent()).toBe('Mia is on the way');
    await held;

    // Her position comes in now, on a channel the page has not joined.
    await api(miaPage, 'POST', `/workspaces/${ws}/locations`, { lat: 52.51, lng: 13.41, accuracyM: 10 });
    expect(await tracking.map.count()).toBe(0);

    // Once subscribed, the page reads itself again and shows her.
    release();
    await tracking.map.waitFor({ timeout: 15_000 });
    const shown = await tracking.position();
    expect(Math.abs(shown.lat - 52.51)).toBeLessThan(0.002);
    expect(customerErrors).toEqual([]);
  });
});
