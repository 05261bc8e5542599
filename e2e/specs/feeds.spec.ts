import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedsPage } from '../pages/feeds-page.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { demoPassword, launchBrowser, trackPageErrors } from '../support/browser.js';
import { type ExtraServer, startExtraServer } from '../support/extra-server.js';

// A quiet Wednesday far from the demo's jobs. Berlin is UTC+1 then: 10:00 = 09:00Z.
const holiday = '2027-03-10';
const holidayTitle = "Founders' Day <b>off</b>";

const ics = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fieldplan e2e//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const allDay = (uid: string, date: string, summary: string) => {
  const d = date.replaceAll('-', '');
  const next = String(Number(d) + 1);
  return `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20270101T000000Z\r\nDTSTART;VALUE=DATE:${d}\r\nDTEND;VALUE=DATE:${next}\r\nSUMMARY:${summary}\r\nEND:VEVENT`;
};

/** A remote calendar host, on loopback: an .ics that can be switched to answer an HTML page. */
function startCalendarHost() {
  const state = { flipToHtml: false, requests: 0 };
  const server = http.createServer((req, res) => {
    state.requests += 1;
    const html = () => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Sign in</title><p>Please sign in to see this calendar.</p>');
    };
    if (req.url === '/page.html' || (req.url === '/flip.ics' && state.flipToHtml)) return html();
    if (req.url === '/holidays.ics' || req.url === '/flip.ics') {
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      return res.end(ics(allDay('founders-2027@e2e.test', holiday, holidayTitle.replaceAll(',', '\\,'))));
    }
    res.writeHead(404).end();
  });
  return new Promise<{ url: (path: string) => string; state: typeof state; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: (path) => `http://127.0.0.1:${port}${path}`,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

/** RFC 5545 lines unfolded (a line continued on the next starts with a space or tab). */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('calendar feeds: busy time from a subscribed calendar, and iCal links out', () => {
  let browser: Browser;
  let host: Awaited<ReturnType<typeof startCalendarHost>>;
  let server: ExtraServer;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    host = await startCalendarHost();
    // Feeds refuse loopback addresses unless switched on for tests: a Fieldplan of our own with the switch.
    server = await startExtraServer({ FEEDS_ALLOW_LOOPBACK: '1', SIGNIN_ATTEMPTS_PER_MINUTE: '1000' });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
    await host?.close();
  });

  async function signedIn(email = 'dispatcher@demo.test') {
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const res = await context.request.post('/api/v1/auth/sign-in', {
      data: { email, password: demoPassword },
      headers: { origin: server.baseUrl },
    });
    expect(res.ok()).toBe(true);
    const page = await context.newPage();
    return { page, errors: trackPageErrors(page) };
  }

  async function api<T>(page: Page, path: string, data?: unknown): Promise<T> {
    const response = data
      ? await page.request.post(`/api/v1${path}`, { data, headers: { origin: server.baseUrl } })
      : await page.request.get(`/api/v1${path}`);
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function demo(page: Page) {
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(page, '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(page, `/workspaces/${ws}/members`);
    const id = (name: string) => members.find((m) => m.name === name)?.id ?? '';
    return { ws, id };
  }

  it('adds a holiday feed served locally; its busy time shows on the calendar, and a job dropped on it is flagged', async () => {
    const { page, errors } = await signedIn();
    const { id } = await demo(page);
    const jonas = id('Jonas Becker');
    const feeds = new FeedsPage(page);
    await feeds.goto('demo');
    const dialog = await feeds.subscribe({ name: 'Public holidays', url: host.url('/holidays.ics') });
    await dialog.waitFor({ state: 'detached' });
    const row = feeds.subscription('Public holidays');
    await row.getByText('OK', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Whole workspace');
    expect(await row.textContent()).toContain('1 event');

    // The holiday across every row of the timeline (Jonas's lane included), its title as text.
    const schedule = new SchedulePage(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', holiday);
    const busy = page.locator('.fc-bg-event.fp-busy');
    await busy.first().waitFor();
    expect(await busy.count()).toBe(1);
    expect(await busy.textContent()).toBe(holidayTitle);
    expect(await busy.locator('b').count()).toBe(0);
    const area = await busy.boundingBox();
    const jonasLane = await schedule.lane(jonas).boundingBox();
    if (!area || !jonasLane) throw new Error('timeline not laid out');
    expect(area.y).toBeLessThanOrEqual(jonasLane.y);
    expect(area.y + area.height).toBeGreaterThanOrEqual(jonasLane.y + jonasLane.height);

    // A job from the queue dropped on Jonas at 10:00, on the holiday: flagged as a double booking at once…
    const queue = page.getByRole('list', { name: 'Unscheduled jobs' });
    const item = queue.getByRole('listitem').first();
    const queued = (await item.getAttribute('data-title')) ?? '';
    const lane = await schedule.lane(jonas).boundingBox();
    const ten = await schedule.slot('T10:00').boundingBox();
    if (!lane || !ten) throw new Error('timeline not laid out');
    await schedule.drag(item, { x: ten.x + 4, y: lane.y + lane.height / 2 });
    const dropped = schedule.lane(jonas).locator('.fc-event:not(.fc-bg-event)', { hasText: queued });
    await dropped.waitFor();
    await expect.poll(() => dropped.getAttribute('class')).toContain('fp-ev-double');
    // …and by the server's feed after a reload.
    await page.reload();
    await schedule.waitForEvents();
    await dropped.waitFor();
    expect(await dropped.getAttribute('class')).toContain('fp-ev-double');
    await busy.waitFor();
    expect(errors).toEqual([]);
  });

  it("copies a technician's link: fetching it answers that technician's jobs and not another's; revoked, it is gone", async () => {
    const { page, errors } = await signedIn();
    const { ws, id } = await demo(page);
    const tag = Date.now().toString(36);
    const job = (title: string, who: string, hour: number) =>
      api(page, `/workspaces/${ws}/jobs`, {
        title,
        address: 'Alexanderplatz 1, Berlin',
        lat: 52.5219,
        lng: 13.4132,
        start: `2027-03-15T${String(hour - 1).padStart(2, '0')}:00:00.000Z`,
        end: `2027-03-15T${String(hour).padStart(2, '0')}:00:00.000Z`,
        assigneeIds: [id(who)],
      });
    await job(`Tomasz's visit ${tag}`, 'Tomasz Nowak', 9);
    await job(`Aylin's visit ${tag}`, 'Aylin Demir', 11);

    const feeds = new FeedsPage(page);
    await feeds.goto('demo');
    const copied = await feeds.createLink('Tomasz Nowak');
    expect(copied).toMatch(/^http:\/\/localhost:\d+\/ical\/[A-Za-z0-9_-]{22,}\.ics$/);
    expect(await feeds.createdLink.getByLabel('Calendar address').inputValue()).toBe(copied);
    expect(await feeds.createdLink.getByRole('link', { name: 'Open in a calendar app' }).getAttribute('href')).toBe(
      copied.replace('http://', 'webcal://'),
    );
    const qr = feeds.createdLink.getByRole('img', { name: "QR code to subscribe to Tomasz Nowak's jobs from a phone" });
    await qr.waitFor();
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    const answer = await fetch(copied);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
    const lines = unfold(await answer.text());
    const events = lines.filter((l) => l === 'BEGIN:VEVENT').length;
    console.log(`Tomasz's link: ${events} VEVENTs`);
    expect(events).toBeGreaterThan(0);
    expect(lines).toContain(`SUMMARY:Tomasz's visit ${tag}`);
    expect(lines.some((l) => l.includes(`Aylin's visit ${tag}`))).toBe(false);

    // The list shows the link by its last characters only; revoked, its calendar answers 404.
    const hint = copied.slice(-8, -4);
    await feeds.links.getByText(`…${hint}`).waitFor();
    await feeds.revoke(hint);
    expect((await fetch(copied)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it("ends a technician's link when the technician is deactivated: the list says why, and it stays dead when they return", async () => {
    const { page, errors } = await signedIn('owner@demo.test');
    const { ws, id } = await demo(page);
    const feeds = new FeedsPage(page);
    await feeds.goto('demo');
    const copied = await feeds.createLink('Sofia Weber');
    expect((await fetch(copied)).status).toBe(200);
    const hint = copied.slice(-8, -4);
    const setActive = async (active: boolean) => {
      const res = await page.request.patch(`/api/v1/workspaces/${ws}/members/${id('Sofia Weber')}`, {
        data: { active },
        headers: { origin: server.baseUrl },
      });
      expect(res.status()).toBe(200);
    };

    await setActive(false);
    expect((await fetch(copied)).status).toBe(404);
    await feeds.goto('demo');
    const item = feeds.links.getByRole('listitem').filter({ hasText: `…${hint}` });
    await item.getByText('Stopped working: Sofia Weber was deactivated').waitFor();
    expect(await item.getByRole('button', { name: `Revoke link …${hint}` }).count()).toBe(0);

    await setActive(true);
    expect((await fetch(copied)).status).toBe(404);
    expect(errors).toEqual([]);
  });

  it('refuses a page that is not a calendar, and shows a feed failing with the reason when its host starts answering HTML', async () => {
    const { page, errors } = await signedIn();
    const feeds = new FeedsPage(page);
    await feeds.goto('demo');

    const refused = await feeds.subscribe({ name: 'Sign-in page', url: host.url('/page.html') });
    await refused.getByText("Couldn't load the feed: not an iCalendar file (the server sent text/html)").waitFor();
    await refused.getByRole('button', { name: 'Cancel' }).click();

    const dialog = await feeds.subscribe({
      name: 'Flaky calendar',
      url: host.url('/flip.ics'),
      busyTimeOf: 'Tomasz Nowak',
    });
    await dialog.waitFor({ state: 'detached' });
    const row = feeds.subscription('Flaky calendar');
    await row.getByText('OK', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('Tomasz Nowak');

    host.state.flipToHtml = true;
    await row.getByRole('button', { name: 'Refresh Flaky calendar now' }).click();
    await page.getByText("Couldn't load the feed: not an iCalendar file (the server sent text/html)").waitFor();
    await row.getByText('Failing', { exact: true }).waitFor();
    await row.getByText("Couldn't load: not an iCalendar file (the server sent text/html)", { exact: false }).waitFor();
    // The last good copy stays in use.
    expect(await row.textContent()).toContain('1 event');
    expect(errors).toEqual([]);
  });
});
