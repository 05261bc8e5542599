import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPanel } from '../pages/job-panel.js';
import { LiveLink, LiveUpdates } from '../pages/live-updates.js';
import { MapPage } from '../pages/map-page.js';
import { SchedulePage, type ScheduleView } from '../pages/schedule-page.js';
import { api } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  user: { id: string };
  memberships: { workspaceId: string; workspaceSlug: string; memberId: string }[];
}

// A quiet Monday far from the demo's jobs; Berlin is UTC+1 then, so 09:00 local is 08:00Z.
const day = '2027-03-15';

describe('live updates between two browsers', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  async function open(
    email: string,
    options: { link?: boolean; board?: 'dispatch' | 'calendar'; view?: ScheduleView; date?: string } = {},
  ) {
    const context = await newContext(browser);
    contexts.push(context);
    await signInViaApi(context, email);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await LiveUpdates.recordStates(page);
    const link = options.link ? await LiveLink.attach(page) : null;
    const me = await api<Me>(page, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const schedule = new SchedulePage(page);
    await schedule.goto(
      'demo',
      options.board ?? 'dispatch',
      options.view ?? 'resourceTimelineDay',
      options.date ?? day,
    );
    const live = new LiveUpdates(page);
    await live.waitFor('connected');
    return { page, errors, schedule, live, link, userId: me.user.id, ws };
  }

  it('shows jobs created and moved on the other board, who is online, and what it missed while offline', async () => {
    const dispatcher = await open('dispatcher@demo.test');
    const tech = await open('tech1@demo.test', { link: true });
    const link = tech.link as LiveLink;
    const tomasz = await memberIdOf(tech.page, tech.ws, 'Tomasz Nowak');
    const aylin = await memberIdOf(tech.page, tech.ws, 'Aylin Demir');
    // Set once: a reload would lose it.
    await tech.page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    // Presence: each board shows both people online.
    for (const board of [dispatcher, tech]) {
      await board.live.online(dispatcher.userId).waitFor();
      await board.live.online(tech.userId).waitFor();
    }

    // 1. The dispatcher creates a job through the form; it appears on the technician's board.
    const title = `Live visit ${Date.now().toString(36)}`;
    await dispatcher.page.getByRole('link', { name: 'New job' }).click();
    const jobId = await new JobPanel(dispatcher.page).create({
      title,
      customer: 'Bäckerei',
      start: `${day}T09:00`,
      end: `${day}T10:00`,
      technician: 'Tomasz Nowak',
    });
    await tech.schedule.lane(tomasz).locator('.fc-event', { hasText: title }).waitFor({ timeout: 5_000 });

    // 2. Moved to Aylin at 11:00 (through the API, as any client may): the event changes row.
    const job = await api<{ version: number }>(dispatcher.page, 'GET', `/workspaces/${dispatcher.ws}/jobs/${jobId}`);
    await api(
      dispatcher.page,
      'PATCH',
      `/workspaces/${dispatcher.ws}/jobs/${jobId}`,
      { start: `${day}T10:00:00Z`, end: `${day}T11:00:00Z`, assigneeIds: [aylin] },
      { 'if-match': `"${job.version}"` },
    );
    await tech.schedule.lane(aylin).locator('.fc-event', { hasText: title }).waitFor({ timeout: 5_000 });
    expect(await tech.schedule.events(title).count()).toBe(1);

    // 3. The technician's network drops: the dot leaves "connected" and the banner says so.
    await link.cut();
    await tech.live.waitFor('unavailable');
    await tech.live.banner.waitFor();
    expect(await tech.live.banner.textContent()).toMatch(/unavailable/);

    // 4. Meanwhile a job is created for Tomasz; back online, the board catches up by seq.
    const missed = `Missed while offline ${Date.now().toString(36)}`;
    await api(dispatcher.page, 'POST', `/workspaces/${dispatcher.ws}/jobs`, {
      title: missed,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
      start: `${day}T13:00:00Z`,
      end: `${day}T14:00:00Z`,
      assigneeIds: [tomasz],
    });
    await link.restore();
    await tech.live.waitFor('connected');
    await tech.schedule.lane(tomasz).locator('.fc-event', { hasText: missed }).waitFor({ timeout: 10_000 });
    await tech.live.banner.waitFor({ state: 'detached' });

    // No reload happened, and the dot went through each state on the way.
    expect(await tech.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );
    const states = await tech.live.states();
    for (const state of ['connecting', 'connected', 'unavailable']) expect(states).toContain(state);
    expect(states.at(-1)).toBe('connected');
    expect([...dispatcher.errors, ...tech.errors]).toEqual([]);
  });

  it('the dispatcher drags one of tech1’s jobs and tech1’s own calendar shows the new time, without a reload', async () => {
    // Tuesday of the same quiet week, away from the first scenario's jobs: 09:00 local is 08:00Z.
    const moveDay = '2027-03-16';
    const dispatcher = await open('dispatcher@demo.test', { date: moveDay });
    const tomasz = await memberIdOf(dispatcher.page, dispatcher.ws, 'Tomasz Nowak');
    const title = `Moved live ${Date.now().toString(36)}`;
    const job = await api<{ id: string }>(dispatcher.page, 'POST', `/workspaces/${dispatcher.ws}/jobs`, {
      title,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
      start: `${moveDay}T08:00:00Z`,
      end: `${moveDay}T09:00:00Z`,
      assigneeIds: [tomasz],
    });
    const tech = await open('tech1@demo.test', { board: 'calendar', view: 'timeGridDay', date: moveDay });
    await tech.page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    const onTechCalendar = (time: string) => tech.page.locator(`.fc-event .ev[title^="${time}"]`, { hasText: title });
    await onTechCalendar('09:00').waitFor();
    const onBoard = dispatcher.schedule.lane(tomasz).locator('.fc-event', { hasText: title });
    await onBoard.waitFor();
    await tech.live.noteWhenShown('.fc-event .ev', title, '10:00');
    const refetches: string[] = [];
    tech.page.on('request', (r) => {
      if (r.url().includes('/calendar/events') || r.url().includes(`/jobs/${job.id}`)) refetches.push(r.url());
    });

    // The dispatcher drags it one hour later on the board (a single job: no scope question).
    const nine = await dispatcher.schedule.slot('T09:00').boundingBox();
    const ten = await dispatcher.schedule.slot('T10:00').boundingBox();
    const box = await onBoard.boundingBox();
    if (!nine || !ten || !box) throw new Error('timeline not laid out');
    const saved = dispatcher.page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes(`/jobs/${job.id}`),
    );
    await dispatcher.schedule.drag(onBoard, { x: box.x + 12 + (ten.x - nine.x), y: box.y + box.height / 2 });
    const response = await saved;
    await response.finished();
    expect(response.status()).toBe(200);

    // The technician's own calendar shows 10:00 on its own — the same document, no refetch asked for.
    await onTechCalendar('10:00').waitFor();
    expect(await onTechCalendar('09:00').count()).toBe(0);
    expect(refetches).toEqual([]);
    expect(await tech.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(
      true,
    );

    // Measured, not asserted (the target is ≤ 1 s; docs/PERFORMANCE.md keeps the figures).
    const timing = response.request().timing();
    const answeredAt = timing.startTime + (timing.responseEnd >= 0 ? timing.responseEnd : timing.responseStart);
    const shownAt = await tech.live.seenAt();
    const delay = shownAt === null ? 'not measured' : `${Math.round(shownAt - answeredAt)} ms`;
    console.log(`[realtime e2e] dispatcher's PATCH answered → technician's calendar shows the move: ${delay}`);
    expect([...dispatcher.errors, ...tech.errors]).toEqual([]);
  });

  /**
   * A technician of the spec's own (invited by the owner, signed in in a fresh context), so no other
   * spec's demo account is touched; `remove()` deactivates them.
   */
  async function temporaryTechnician(owner: Awaited<ReturnType<typeof open>>, name: string) {
    const email = `live-${Date.now().toString(36)}-${contexts.length}@example.test`;
    const invite = await api<{ url: string }>(owner.page, 'POST', `/workspaces/${owner.ws}/invitations`, {
      email,
      role: 'technician',
    });
    const context = await newContext(browser);
    contexts.push(context);
    const accepted = await context.request.post(`/api/v1/invitations/${invite.url.split('/invite/')[1]}/accept`, {
      data: { name, password: 'temporary password 1' },
      headers: { origin: baseUrl },
    });
    expect(accepted.ok()).toBe(true);
    const me = (await accepted.json()) as Me;
    const memberId = me.memberships.find((m) => m.workspaceSlug === 'demo')?.memberId ?? '';
    const remove = () => api(owner.page, 'PATCH', `/workspaces/${owner.ws}/members/${memberId}`, { active: false });
    return { context, userId: me.user.id, remove };
  }

  it('a member deactivated meanwhile is disconnected at once and lands on the sign-in page', async () => {
    const owner = await open('owner@demo.test');
    const temp = await temporaryTechnician(owner, 'Temp Tech');
    const page = await temp.context.newPage();
    const errors = trackPageErrors(page);
    await page.goto(`/w/demo/dispatch?view=resourceTimelineDay&date=${day}`);
    await new LiveUpdates(page).waitFor('connected');
    await owner.live.online(temp.userId).waitFor();

    await temp.remove();
    await page.waitForURL(/\/login(\?|$)/, { timeout: 10_000 });
    await owner.live.online(temp.userId).waitFor({ state: 'detached' });
    expect([...errors, ...owner.errors]).toEqual([]);
  });

  it('a technician shares their location and the owner’s map shows the marker move', async () => {
    const owner = await open('owner@demo.test');
    const temp = await temporaryTechnician(owner, 'Gina GPS');
    await temp.context.grantPermissions(['geolocation'], { origin: baseUrl });
    await temp.context.setGeolocation({ latitude: 52.52, longitude: 13.405, accuracy: 15 });
    const tech = await temp.context.newPage();
    const errors = trackPageErrors(tech);
    await tech.goto('/w/demo');
    await new LiveUpdates(tech).waitFor('connected');
    // A fixed view (no fitting to the day's jobs), so the marker moves on screen only if its position does.
    await new MapPage(owner.page).goto('demo', { at: { lat: 52.52, lng: 13.45, zoom: 11 } });
    await owner.live.waitFor('connected');

    await tech.getByRole('button', { name: /^Account:/ }).click();
    await tech.getByRole('menuitemcheckbox', { name: /Share my location/ }).click();
    const badge = tech.getByRole('button', { name: /Sharing location/ });
    await badge.waitFor();

    const marker = owner.page.locator('.leaflet-marker-icon.live-tech[title^="Gina GPS"]');
    await marker.waitFor({ timeout: 10_000 });
    const where = async () => (await marker.boundingBox()) ?? { x: 0, y: 0 };
    const before = await where();
    // 0.095° east at zoom 11 is ≈ 138 px (256·2¹¹/360 px per degree): the next ping (at most one per
    // 5 s) moves the dot that far right on the owner's map, and not up or down — without a reload.
    await temp.context.setGeolocation({ latitude: 52.52, longitude: 13.5, accuracy: 15 });
    await expect
      .poll(async () => (await where()).x - before.x, { timeout: 20_000, interval: 250 })
      .toBeGreaterThan(100);
    const after = await where();
    expect(after.x - before.x).toBeLessThan(180);
    expect(Math.abs(after.y - before.y)).toBeLessThan(5);
    expect(await marker.count()).toBe(1);

    // Off: the badge goes and the watch stops. Removed, the technician leaves everyone's map.
    await badge.click();
    await badge.waitFor({ state: 'detached' });
    await temp.remove();
    expect([...errors, ...owner.errors]).toEqual([]);
  });
});

async function memberIdOf(page: Page, ws: string, name: string): Promise<string> {
  const members = await api<{ id: string; name: string }[]>(page, 'GET', `/workspaces/${ws}/members`);
  return members.find((m) => m.name === name)?.id ?? '';
}
