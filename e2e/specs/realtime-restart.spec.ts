import { type APIRequestContext, type Browser, type BrowserContext, request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveLink, LiveUpdates } from '../pages/live-updates.js';
import { SchedulePage, type ScheduleView } from '../pages/schedule-page.js';
import { demoPassword, launchBrowser, trackPageErrors } from '../support/browser.js';
import { type ExtraServer, startExtraServer } from '../support/extra-server.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}

// A quiet Tuesday far from the demo's jobs; Berlin is UTC+1 then, so 09:00 local is 08:00Z.
const day = '2027-03-16';

/** `true` when `sequence` holds `wanted` in this order (other states may come between). */
function inOrder(sequence: string[], wanted: string[]): boolean {
  let next = 0;
  for (const state of sequence) if (state === wanted[next]) next += 1;
  return next === wanted.length;
}

/**
 * Realtime across a server restart (docs/adr/0006-realtime-close-codes.md), on a server of the spec's own (`startExtraServer`), which it stops and
 * starts again on the same port and database while two browsers stay open; the role changes at
 * the end touch only that server's demo workspace.
 */
describe('Fieldplan restarted under two open browsers', () => {
  let server: ExtraServer;
  let browser: Browser;
  let owner: APIRequestContext;
  let ws = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startExtraServer({ SIGNIN_ATTEMPTS_PER_MINUTE: '1000' }), launchBrowser()]);
    // The test process's own client (never offline): the owner, through the API.
    owner = await request.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: { origin: server.baseUrl } });
    await call('POST', '/auth/sign-in', { email: 'owner@demo.test', password: demoPassword });
    const me = await call<Me>('GET', '/me');
    ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await owner?.dispose();
    await browser?.close();
    await server?.stop();
  });

  async function call<T>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown, headers = {}) {
    const response = await owner.fetch(`/api/v1${path}`, { method, data, headers });
    if (!response.ok()) throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
    return (response.status() === 204 ? null : await response.json()) as T;
  }

  async function memberOf(name: string) {
    const members = await call<{ id: string; name: string }[]>('GET', `/workspaces/${ws}/members`);
    return members.find((m) => m.name === name)?.id ?? '';
  }

  /** A signed-in browser on this server's board or calendar, its dot's states recorded, its link ours to cut. */
  async function open(email: string, board: 'dispatch' | 'calendar', view: ScheduleView) {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const signIn = await context.request.post('/api/v1/auth/sign-in', {
      data: { email, password: demoPassword },
      headers: { origin: server.baseUrl },
    });
    expect(signIn.ok()).toBe(true);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await LiveUpdates.recordStates(page);
    const link = await LiveLink.attach(page);
    const schedule = new SchedulePage(page);
    await schedule.goto('demo', board, view, day);
    const live = new LiveUpdates(page);
    await live.waitFor('connected');
    // Set once: a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const sameDocument = () =>
      page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
    return { page, errors, link, schedule, live, sameDocument };
  }

  it('both browsers show a change made while the server was down and they were away, after they reconnect', async () => {
    const tomasz = await memberOf('Tomasz Nowak');
    const title = `Across the restart ${Date.now().toString(36)}`;
    const job = await call<{ id: string }>('POST', `/workspaces/${ws}/jobs`, {
      title,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
      start: `${day}T08:00:00Z`,
      end: `${day}T09:00:00Z`,
      assigneeIds: [tomasz],
    });
    const dispatcher = await open('dispatcher@demo.test', 'dispatch', 'resourceTimelineDay');
    const tech = await open('tech1@demo.test', 'calendar', 'timeGridDay');
    // The technician's day view names the time (the event's title starts with it)…
    const onCalendar = (time: string, text = title) =>
      tech.page.locator(`.fc-event .ev[title^="${time}"]`, { hasText: text });
    // …the dispatcher's timeline places it: its left edge on the hour's column in Tomasz's row.
    const offBoardSlot = async (time: string, text = title) => {
      const event = await dispatcher.schedule.lane(tomasz).locator('.fc-event', { hasText: text }).boundingBox();
      const slot = await dispatcher.schedule.slot(`T${time}`).boundingBox();
      return event && slot ? Math.abs(event.x - slot.x) : Number.POSITIVE_INFINITY;
    };
    const onBoard = (time: string, text = title) =>
      expect.poll(() => offBoardSlot(time, text), { timeout: 15_000 }).toBeLessThan(4);
    await onCalendar('09:00').waitFor();
    await onBoard('09:00');

    // 1. The server goes down (SIGTERM: it closes every socket with 4200, "reconnect"): both dots
    // leave "connected", retry, and after pusher-js's 10 s call it "unavailable"; the banner shows.
    await server.stop();
    for (const { live } of [dispatcher, tech]) {
      await live.banner.waitFor();
      await live.waitFor('unavailable', 30_000);
      expect(await live.banner.textContent()).toMatch(/unavailable/);
    }

    // 2. Neither may reconnect before the change below is made: their realtime sockets are refused
    // (HTTP still works and the browsers stay "online", so no refetch-on-reconnect can hide a missed
    // catch-up). The server starts again on the same port and database.
    for (const { link } of [dispatcher, tech]) await link.cut({ socketOnly: true });
    await server.start();

    // 3. Meanwhile the owner moves the job to 11:00 and adds another one at 14:00.
    const { version } = await call<{ version: number }>('GET', `/workspaces/${ws}/jobs/${job.id}`);
    await call(
      'PATCH',
      `/workspaces/${ws}/jobs/${job.id}`,
      { start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z` },
      { 'if-match': `"${version}"` },
    );
    const added = `Added during the outage ${Date.now().toString(36)}`;
    await call('POST', `/workspaces/${ws}/jobs`, {
      title: added,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
      start: `${day}T13:00:00Z`,
      end: `${day}T14:00:00Z`,
      assigneeIds: [tomasz],
    });
    expect(await onCalendar('11:00').count()).toBe(0);

    // 4. The sockets let through: both reconnect by themselves and catch up by seq (`/changes?after=`)
    // — no reload, and no refetch of the calendar either.
    const reads = new Map<typeof tech.page, string[]>();
    for (const { page } of [dispatcher, tech]) {
      const seen: string[] = [];
      reads.set(page, seen);
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === 'GET' && /\/(changes|calendar\/events|jobs)\b/.test(path)) seen.push(path);
      });
    }
    const back = Date.now();
    for (const { link } of [dispatcher, tech]) await link.restore();
    // With the browser never offline, pusher-js retries on its own schedule: a refused attempt is
    // given up only when its timer runs out (15 s, then 30 s, then at most 60 s), so allow a minute.
    for (const { live } of [dispatcher, tech]) await live.waitFor('connected', 90_000);
    await onCalendar('11:00').waitFor();
    await onCalendar('14:00', added).waitFor();
    expect(await onCalendar('09:00').count()).toBe(0);
    await onBoard('11:00');
    await onBoard('14:00', added);
    expect(await dispatcher.schedule.events(title).count()).toBe(1);
    // Measured, not asserted: from the sockets being let through to both screens showing what was missed.
    console.log(
      `[realtime e2e] sockets let through → both browsers caught up on the outage: ≈ ${Date.now() - back} ms`,
    );
    for (const browserSide of [dispatcher, tech]) {
      const { live, page } = browserSide;
      const seen = reads.get(page) ?? [];
      expect(seen.filter((p) => p.endsWith('/changes')).length, seen.join(', ')).toBeGreaterThan(0);
      expect(
        seen.filter((p) => !p.endsWith('/changes')),
        seen.join(', '),
      ).toEqual([]);
      await live.waitFor('connected');
      await live.banner.waitFor({ state: 'detached' });
      expect(await browserSide.sameDocument()).toBe(true);

      // The dot went through each state on the way, and the banner came and went.
      const states = await live.states();
      expect(inOrder(states, ['connected', 'connecting', 'unavailable', 'connected']), states.join(' → ')).toBe(true);
      expect(states.at(-1)).toBe('connected');
      console.log(`[realtime e2e] dot across the restart: ${states.join(' → ')}`);
      const banners = await live.banners();
      expect(banners, banners.join(' → ')).toContain('unavailable');
      expect(banners.at(-1)).toBe('none');
    }
    expect(await dispatcher.live.dot.getAttribute('aria-label')).toBe('Live updates: Live');
    expect([...dispatcher.errors, ...tech.errors]).toEqual([]);
  }, 240_000);

  it('is live again within seconds of a quick restart, without waiting for pusher-js to call it "unavailable"', async () => {
    const tech = await open('tech1@demo.test', 'calendar', 'timeGridDay');
    // SIGTERM: the server drains, then closes the socket with 4200 ("reconnect") and exits; the
    // browser's dot leaves "connected" and the app probes /healthz every 500 ms from then on.
    await server.stop();
    await expect.poll(() => tech.live.states(), { timeout: 15_000 }).toContain('connecting');
    await server.start();
    const back = Date.now();
    await tech.live.waitFor('connected', 30_000);
    const after = Date.now() - back;
    // Measured and bounded: pusher-js alone took 15–17 s here (its 10 s "unavailable", then a 5 s probe).
    console.log(`[realtime e2e] server ready → browser connected again: ${after} ms`);
    expect(after).toBeLessThan(5_000);
    const states = await tech.live.states();
    expect(inOrder(states, ['connected', 'connecting', 'connected']), states.join(' → ')).toBe(true);
    expect(await tech.sameDocument()).toBe(true);
    expect(tech.errors).toEqual([]);
  });

  it('the dot says "disconnected" when the server cuts a member off, and the banner’s Reconnect brings it back', async () => {
    const dispatcher = await open('dispatcher@demo.test', 'calendar', 'timeGridDay');
    const member = await memberOf('Dana Dispatch');
    expect(member).not.toBe('');

    // A lowered role ends the connection (4009): pusher-js stops; the app, still signed in,
    // reconnects once by itself and the auth endpoints decide anew.
    await call('PATCH', `/workspaces/${ws}/members/${member}`, { role: 'technician' });
    await expect.poll(() => dispatcher.live.states(), { timeout: 15_000 }).toContain('disconnected');
    await dispatcher.live.waitFor('connected');

    // Cut again soon after: it won't retry by itself twice in a row, so the banner offers "Reconnect".
    await call('PATCH', `/workspaces/${ws}/members/${member}`, { role: 'viewer' });
    await dispatcher.live.waitFor('disconnected');
    expect(await dispatcher.live.dot.getAttribute('aria-label')).toBe('Live updates: Disconnected');
    const banner = dispatcher.live.banner;
    await banner.waitFor();
    expect(await banner.getAttribute('data-state')).toBe('disconnected');
    expect(await banner.textContent()).toMatch(/Live updates are off/);
    await banner.getByRole('button', { name: 'Reconnect' }).click();
    await dispatcher.live.waitFor('connected');
    await banner.waitFor({ state: 'detached' });

    const states = await dispatcher.live.states();
    expect(
      inOrder(states, ['connected', 'disconnected', 'connected', 'disconnected', 'connecting', 'connected']),
      states.join(' → '),
    ).toBe(true);
    expect(await dispatcher.sameDocument()).toBe(true);
    expect(dispatcher.errors).toEqual([]);
  });

  it('the dot says "failed" in a browser without WebSocket, and the banner says why', async () => {
    const context = await browser.newContext({ baseURL: server.baseUrl });
    contexts.push(context);
    // pusher-js's only transports here are WebSocket ones: with none supported it goes to "failed".
    await context.addInitScript(() => {
      Object.defineProperty(window, 'WebSocket', { value: undefined, configurable: true });
    });
    const signIn = await context.request.post('/api/v1/auth/sign-in', {
      data: { email: 'tech2@demo.test', password: demoPassword },
      headers: { origin: server.baseUrl },
    });
    expect(signIn.ok()).toBe(true);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await new SchedulePage(page).goto('demo', 'calendar', 'timeGridDay', day);
    const live = new LiveUpdates(page);
    await live.waitFor('failed');
    expect(await live.dot.getAttribute('aria-label')).toBe('Live updates: Not supported');
    await live.banner.waitFor();
    expect(await live.banner.textContent()).toMatch(/can’t run in this browser/);
    expect(errors).toEqual([]);
  });
});
