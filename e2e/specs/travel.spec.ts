import os from 'node:os';
import path from 'node:path';
import { formatDuration, type Job, type Member, type TravelLegs, travelLeg } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveUpdates } from '../pages/live-updates.js';
import { MapPage } from '../pages/map-page.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

// Travel gaps: a dispatcher's technician has two visits far apart with too little time
// between them → the day timeline flags the gap with its drive time, the map's routes legend shows
// the drive; moving the second visit later (through the API, as another dispatcher would) clears
// the flag on the open board without a reload.

/** A quiet Wednesday far from the demo's jobs and other specs' days. CEST: 11:00 = 09:00Z. */
const day = '2027-06-09';
const west = { lat: 52.45, lng: 13.25 };
const east = { lat: 52.56, lng: 13.6 };
const shots = path.join(os.tmpdir(), 'fieldplan-e2e');

describe('travel gaps on the timeline and the map', () => {
  let browser: Browser;
  let api: BrowserContext;
  let workspaceId = '';
  let tech: Member;
  let second: Job;
  const title = `Travel ${Date.now().toString(36)}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    api = await newContext(browser);
    await signInViaApi(api, 'dispatcher@demo.test');
    const me = await (await api.request.get('/api/v1/me')).json();
    workspaceId = me.memberships.find((m: { workspaceSlug: string }) => m.workspaceSlug === 'demo').workspaceId;
    const members = (await (await api.request.get(`/api/v1/workspaces/${workspaceId}/members`)).json()) as Member[];
    const found = members.find((m) => m.email === 'tech3@demo.test');
    if (!found) throw new Error('no demo technician');
    tech = found;
    const create = async (name: string, site: { lat: number; lng: number }, start: string, end: string) => {
      const res = await api.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
        headers: { origin: baseUrl },
        data: { title: name, address: 'Berlin', ...site, start, end, assigneeIds: [tech.id] },
      });
      expect(res.status(), await res.text()).toBe(201);
      return (await res.json()) as Job;
    };
    // 09:00–10:00 in the west, then 10:10 in the east: ~26 km of road for a 10-minute gap.
    await create(`${title} west`, west, `${day}T07:00:00Z`, `${day}T08:00:00Z`);
    second = await create(`${title} east`, east, `${day}T08:10:00Z`, `${day}T09:00:00Z`);
  });
  afterAll(async () => {
    await api.close();
    await browser.close();
  });

  async function signedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    return { context, page, errors: trackPageErrors(page) };
  }

  it('flags the gap too short for the drive, shows the drive on the map, and clears the flag live when the visit moves', async () => {
    const legs = (await (
      await api.request.get(`/api/v1/workspaces/${workspaceId}/travel-legs?start=${day}&end=2027-06-10`)
    ).json()) as TravelLegs;
    expect(legs.source).toBe('model');
    const dayOf = legs.days.find((d) => d.memberId === tech.id);
    const between = legs.legs.find((l) => l.toEventId === second.id);
    if (!dayOf || !between) throw new Error('no drives for the technician');
    // About 35 km of road (the straight line × 1.3) at 30 km/h.
    expect(between).toMatchObject({ gapMinutes: 10, tooShort: true });
    expect(between.driveMinutes).toBeCloseTo(travelLeg(west, east).durationS / 60, 1);
    const drive = `${formatDuration(between.driveMinutes * 60)} drive`;

    // The board, day timeline.
    const board = await signedIn();
    const schedule = new SchedulePage(board.page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day);
    await new LiveUpdates(board.page).waitFor('connected');
    const flagged = schedule.travelGaps(tech.id, 'too short');
    await expect.poll(() => flagged.count()).toBe(1);
    expect(await flagged.textContent()).toBe(`too short·${drive}`);
    expect(await flagged.getAttribute('title')).toBe(`10 min between visits, ${drive}`);
    // FullCalendar hides its lanes from assistive technology: the toolbar's live region says it.
    const warning = board.page.getByRole('toolbar', { name: 'Calendar' }).getByRole('status');
    await expect.poll(() => warning.textContent()).toBe('1 drive too short');
    expect(await warning.getAttribute('title')).toBe('1 drive too short');
    await schedule.lane(tech.id).scrollIntoViewIfNeeded();
    await board.page.screenshot({ path: path.join(shots, 'travel-timeline.png') });

    // The map page: the technician's route with its drive of the day and the drive too short.
    const other = await signedIn();
    const map = new MapPage(other.page);
    await map.goto('demo', { date: day, at: { lat: 52.5, lng: 13.42, zoom: 11 } });
    await map.waitForJobs();
    const route = map.route(tech.name);
    await expect.poll(() => route.textContent()).toContain(`${formatDuration(dayOf.driveMinutes * 60)} drive`);
    expect(await route.textContent()).toContain('1 drive too short');
    await other.page.screenshot({ path: path.join(shots, 'travel-map.png') });

    // Another dispatcher moves the second visit 90 minutes later: the board clears the flag by itself.
    const moved = await api.request.patch(`/api/v1/workspaces/${workspaceId}/jobs/${second.id}`, {
      headers: { origin: baseUrl, 'if-match': `"${second.version}"` },
      data: { start: `${day}T09:40:00Z`, end: `${day}T10:30:00Z` },
    });
    expect(moved.status(), await moved.text()).toBe(200);
    await expect.poll(() => flagged.count()).toBe(0);
    await expect.poll(() => warning.textContent()).toBe('');
    const quiet = schedule.travelGaps(tech.id);
    await expect.poll(() => quiet.count()).toBe(1);
    expect(await quiet.textContent()).toBe(drive);
    expect(await quiet.getAttribute('title')).toBe(`1 h 40 min between visits, ${drive}`);
    await board.page.screenshot({ path: path.join(shots, 'travel-timeline-cleared.png') });
    // … and so does the map's legend, once the drives are priced again.
    await expect.poll(() => route.textContent()).not.toContain('too short');

    expect(board.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await board.context.close();
    await other.context.close();
  });
});
