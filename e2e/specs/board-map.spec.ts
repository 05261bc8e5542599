import { type Area, type CalendarEvent, isOutsideAreas, type Member, prepareAreas } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPanel } from '../pages/job-panel.js';
import { BoardMap, type Bounds } from '../pages/map-page.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

const xssTitle = '<img src=x onerror=alert(1)>';
const outsideLabel = 'Outside every service area';
/** A quiet Wednesday far from the demo's jobs (and from calendar.spec's January). CET: 11:00 = 10:00Z. */
const quietDay = '2027-03-10';
const xssSite = { lat: 52.52, lng: 13.35 };
const anchorSite = { lat: 52.46, lng: 13.52 };

const dayMs = 86_400_000;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
const sited = (events: CalendarEvent[]) => events.filter((e) => e.extendedProps.lat !== null);
const inside = (b: Bounds, p: { lat: number | null; lng: number | null }) =>
  p.lat !== null && p.lng !== null && p.lat >= b.south && p.lat <= b.north && p.lng >= b.west && p.lng <= b.east;

describe('the dispatch board’s map', () => {
  let browser: Browser;
  let workspaceId = '';
  let zone = 'Europe/Berlin';
  let weekStart = 1;
  let xssId = '';
  let anchorId = '';
  const anchorTitle = `Board anchor ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const me = await (await context.request.get('/api/v1/me')).json();
    workspaceId = me.memberships.find((m: { workspaceSlug: string }) => m.workspaceSlug === 'demo').workspaceId;
    const settings = await (await context.request.get(`/api/v1/workspaces/${workspaceId}`)).json();
    zone = settings.timeZone;
    weekStart = settings.weekStart;
    const members = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/members`)).json()) as Member[];
    const tech = members.find((m) => m.email === 'tech1@demo.test');
    const create = async (title: string, site: { lat: number; lng: number }, hourZ: number) => {
      const res = await context.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
        headers: { origin: baseUrl },
        data: {
          title,
          address: 'Somewhere in Berlin',
          ...site,
          start: `${quietDay}T${hourZ}:00:00Z`,
          end: `${quietDay}T${hourZ + 1}:00:00Z`,
          assigneeIds: tech ? [tech.id] : [],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    xssId = await create(xssTitle, xssSite, 10);
    anchorId = await create(anchorTitle, anchorSite, 13);
    await context.close();
  });
  afterAll(() => browser.close());

  async function signedIn(viewport?: { width: number; height: number }) {
    const context: BrowserContext = await newContext(browser, viewport ? { viewport } : {});
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    // An alert() would mean user text ran as markup.
    page.on('dialog', (dialog) => {
      errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return { context, page, errors };
  }

  async function feed(page: Page, start: string, end: string): Promise<CalendarEvent[]> {
    const res = await page.request.get(`/api/v1/workspaces/${workspaceId}/calendar/events?start=${start}&end=${end}`);
    expect(res.status()).toBe(200);
    return (await res.json()) as CalendarEvent[];
  }

  /** The workspace-local date of an event. */
  const localDate = (e: CalendarEvent) =>
    e.allDay ? e.start.slice(0, 10) : new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(e.start));

  it('follows the calendar: another day or a week brings that range’s jobs, and the map fits them', async () => {
    const { context, page, errors } = await signedIn();
    const schedule = new SchedulePage(page);
    const map = new BoardMap(page);
    // The first demo day from tomorrow with jobs on the map, and on the day after it.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const fortnight = await feed(page, addDays(today, 1), addDays(today, 15));
    const days = new Set(sited(fortnight).map(localDate));
    const first = [...days].sort().find((d) => days.has(addDays(d, 1)));
    expect(first, 'two demo days in a row with jobs').toBeDefined();
    const day1 = first ?? '';

    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day1);
    const jobs1 = sited(await feed(page, day1, addDays(day1, 1)));
    await map.waitForRange(
      jobs1.length,
      jobs1.map((e) => e.extendedProps),
    );
    const bounds1 = await map.rawBounds();
    const b1 = await map.bounds();
    expect(jobs1.length).toBeGreaterThan(0);
    for (const e of jobs1) expect(inside(b1, e.extendedProps), e.title).toBe(true);

    await schedule.next();
    const day2 = new URL(page.url()).searchParams.get('date') ?? '';
    expect(day2 > day1).toBe(true);
    const jobs2 = sited(await feed(page, day2, addDays(day2, 1)));
    await map.waitForRange(
      jobs2.length,
      jobs2.map((e) => e.extendedProps),
      bounds1,
    );
    const b2 = await map.bounds();
    expect(b2).not.toEqual(b1);
    for (const e of jobs2) expect(inside(b2, e.extendedProps), e.title).toBe(true);
    console.log(`board map: ${day1} ${jobs1.length} jobs → ${day2} ${jobs2.length} jobs`);

    // The week around the second day: more jobs, and a map that takes them all in.
    await schedule.view('Timeline week');
    const dow = new Date(`${day2}T00:00:00Z`).getUTCDay();
    const weekFrom = addDays(day2, -((dow - weekStart + 7) % 7));
    const week = sited(await feed(page, weekFrom, addDays(weekFrom, 7)));
    expect(week.length).toBeGreaterThan(jobs2.length);
    await map.waitForRange(
      week.length,
      week.map((e) => e.extendedProps),
    );
    const b3 = await map.bounds();
    for (const e of week) expect(inside(b3, e.extendedProps), e.title).toBe(true);
    console.log(`board map: week of ${weekFrom} ${week.length} jobs`);
    // The week stays the week (option changes once re-rendered the old day view and flipped back).
    expect(new URL(page.url()).searchParams.get('view')).toBe('resourceTimelineWeek');

    // A day's header link opens that day; the map follows again.
    await page.locator('.fc-timeline-header [data-navlink]').nth(1).click();
    const day3 = addDays(weekFrom, 1);
    await page.waitForURL((url) => url.searchParams.get('date') === day3);
    expect(new URL(page.url()).searchParams.get('view')).toBe('resourceTimelineDay');
    const jobs3 = sited(await feed(page, day3, addDays(day3, 1)));
    await map.waitForRange(
      jobs3.length,
      jobs3.map((e) => e.extendedProps),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hovering and selecting go both ways, and the XSS title stays text in calendar, tooltip and popup', async () => {
    const { context, page, errors } = await signedIn();
    const schedule = new SchedulePage(page);
    const map = new BoardMap(page);
    const panel = new JobPanel(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', quietDay);
    await map.waitForRange(2, [xssSite, anchorSite]);
    const xssEvent = schedule.event(xssId);
    await expect(xssEvent.locator('.ev-title').textContent()).resolves.toBe(xssTitle);
    const hasClass = (name: string) => xssEvent.first().evaluate((el, c) => el.classList.contains(c), name);

    // Calendar → map: hovering the event draws its marker highlighted (pixels change there).
    await page.mouse.move(0, 0);
    const plain = await map.around(xssSite);
    await xssEvent.first().hover();
    await page.waitForFunction(() => document.querySelector('.fp-ev-hovered'));
    const lit = await map.around(xssSite);
    expect(lit.equals(plain)).toBe(false);
    await page.mouse.move(0, 0);
    await expect.poll(() => hasClass('fp-ev-hovered')).toBe(false);

    // Map → calendar: the marker's tooltip shows the title as text, and the event is marked.
    const at = await map.pixelOf(xssSite);
    await page.mouse.move(at.x, at.y);
    await map.tooltip.filter({ hasText: xssTitle }).waitFor();
    await expect.poll(() => hasClass('fp-ev-hovered')).toBe(true);
    await expect(map.tooltip.locator('img').count()).resolves.toBe(0);

    // Selecting the marker opens the job, like a click on its event; its popup shows the title as text.
    await page.mouse.click(at.x, at.y);
    await page.waitForURL(new RegExp(`/jobs/${xssId}`));
    await panel.panel.getByRole('heading', { level: 2, name: xssTitle, exact: true }).waitFor();
    await expect(map.popup.locator('.fm-job-title').textContent()).resolves.toBe(xssTitle);
    await expect.poll(() => hasClass('fp-ev-selected')).toBe(true);

    // Selecting an event selects its marker (its popup opens on the map).
    await panel.panel.getByRole('button', { name: 'Close' }).click();
    await schedule.event(anchorId).first().click();
    await page.waitForURL(new RegExp(`/jobs/${anchorId}`));
    await expect.poll(() => map.popup.locator('.fm-job-title').textContent()).toBe(anchorTitle);

    // Nothing ran: no dialog, no injected image anywhere on the board.
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await expect(page.locator('.fc img, .leaflet-tooltip img, .fm-popup img').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('flags the demo job just outside “Berlin Ost” on its calendar event and in its detail', async () => {
    const { context, page, errors } = await signedIn();
    const schedule = new SchedulePage(page);
    const panel = new JobPanel(page);
    const areas = (await (await page.request.get(`/api/v1/workspaces/${workspaceId}/areas`)).json()) as Area[];
    expect(areas.map((a) => a.name)).toContain('Berlin Ost');
    const prepared = prepareAreas(areas);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
    const events = sited(await feed(page, addDays(today, -7), addDays(today, 21))).filter(
      (e) => !e.extendedProps.recurring && e.title !== xssTitle,
    );
    const outside = events.find((e) => isOutsideAreas(e.extendedProps as { lat: number; lng: number }, prepared));
    expect(outside, 'a demo job outside every area').toBeDefined();
    const job = outside as CalendarEvent;
    const day = localDate(job);
    const insider = events.find(
      (e) => localDate(e) === day && !isOutsideAreas(e.extendedProps as { lat: number; lng: number }, prepared),
    );

    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day);
    // FullCalendar hides the timeline's body from assistive technology (aria-hidden), so the flag
    // is found by its label here, and by role in the list view below.
    const flagOf = (eventId: string) =>
      schedule.event(eventId).first().locator(`[role="img"][aria-label="${outsideLabel}"]`);
    await flagOf(job.id).waitFor();
    await expect(flagOf(job.id).getAttribute('title')).resolves.toBe(outsideLabel);
    if (insider) await expect(flagOf(insider.id).count()).resolves.toBe(0);

    await schedule.event(job.id).first().click();
    await panel.panel.getByRole('note').filter({ hasText: outsideLabel }).waitFor();
    // The panel covers the board's map, so it shows the site on a small map of its own.
    const site = panel.panel.getByRole('region', { name: 'Map of the job site' });
    await site.locator('.leaflet-container').waitFor();
    expect(await site.getAttribute('data-job-count')).toBe('1');

    await schedule.goto('demo', 'calendar', 'listWeek', day);
    await schedule.event(job.id).first().getByRole('img', { name: outsideLabel }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is a tab below 1,000 px, showing the same range', async () => {
    const { context, page, errors } = await signedIn({ width: 900, height: 800 });
    const schedule = new SchedulePage(page);
    const map = new BoardMap(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', quietDay);
    const tab = page.getByRole('tab', { name: 'Map', exact: true });
    await tab.focus();
    await page.keyboard.press('Enter');
    await map.waitForRange(2, [xssSite, anchorSite]);
    const b = await map.bounds();
    expect(inside(b, xssSite) && inside(b, anchorSite)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
