import type { CalendarEvent, Member } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BoardMap, MapPage } from '../pages/map-page.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

/** A quiet day far from the demo's jobs and from the other specs' days. */
const day = '2027-06-16';
/** Leipzig: 180 job sites within a few hundred metres, all on one spot at zoom 6. */
const crowd = { lat: 51.34, lng: 12.37 };
/** Dresden: three jobs at one address (they overlap at every zoom). */
const sameAddress = { lat: 51.05, lng: 13.74 };
/** Rostock, alone: the job with the long title. */
const longSite = { lat: 54.09, lng: 12.13 };
const longTitle = 'Thermostat fitting and radiator bleeding for the Kröpeliner Straße apartments';

describe('the map at every zoom', () => {
  let browser: Browser;
  let workspaceId = '';
  let techs: Member[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const me = await (await context.request.get('/api/v1/me')).json();
    workspaceId = me.memberships.find((m: { workspaceSlug: string }) => m.workspaceSlug === 'demo').workspaceId;
    const members = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/members`)).json()) as Member[];
    techs = members.filter((m) => m.email === 'tech1@demo.test' || m.email === 'tech2@demo.test');
    const create = async (title: string, site: { lat: number; lng: number }, k: number) => {
      const res = await context.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
        headers: { origin: baseUrl },
        data: {
          title,
          address: 'Somewhere in Saxony',
          ...site,
          start: `${day}T${String(6 + (k % 10)).padStart(2, '0')}:00:00Z`,
          end: `${day}T${String(7 + (k % 10)).padStart(2, '0')}:00:00Z`,
          assigneeIds: [techs[k % techs.length]?.id].filter(Boolean),
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    };
    // A 15 × 12 grid, ~100 m apart: 180 pins that overlap at zoom 6 but not in a street view.
    for (let k = 0; k < 180; k++) {
      await create(
        `Crowd job ${k + 1}`,
        { lat: crowd.lat + Math.floor(k / 15) * 0.001, lng: crowd.lng + (k % 15) * 0.0015 },
        k,
      );
    }
    for (let k = 0; k < 3; k++) await create(`Same address ${k + 1}`, sameAddress, k);
    await create(longTitle, longSite, 0);
    await context.close();
  }, 120_000);
  afterAll(() => browser.close());

  async function signedIn(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    return { context, page, errors: trackPageErrors(page) };
  }

  it('shows 180 overlapping pins at zoom 6 as one cluster with its count, which Enter zooms into', async () => {
    const { context, page, errors } = await signedIn();
    const map = new MapPage(page);
    await map.goto('demo', { date: day, at: { ...crowd, zoom: 6 }, show: ['jobs'] });
    await map.waitForJobs();
    // The clusters are drawn on canvas; the keyboard's button names each in turn (Tab, then arrows).
    await map.clusterButton().waitFor({ state: 'attached' });
    const names = await map.clusterNames();
    // The crowd is one cluster of 180; the three at one address another; the long-titled job a pin.
    expect(names.filter((n) => n.startsWith('180 jobs: zoom in'))).toHaveLength(1);
    expect(names.filter((n) => n.startsWith('3 jobs: zoom in'))).toHaveLength(1);

    // Enter on the crowd's cluster zooms in to where it splits.
    await map.focusCluster(180);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => Number(new URL(location.href).searchParams.get('z')) > 6);
    expect(map.zoom()).toBeGreaterThan(6);
    // Closer in, the crowd is smaller clusters (none of all 180), still reachable by keyboard.
    await page.waitForFunction(() => !document.querySelector('[aria-label^="180 jobs"]'));
    await expect(map.clusterButton().count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('spreads a cluster of one address out at the deepest zoom instead of zooming', async () => {
    const { context, page, errors } = await signedIn();
    const map = new MapPage(page);
    await map.goto('demo', { date: day, at: { ...sameAddress, zoom: 19 }, show: ['jobs'] });
    await map.waitForJobs();
    await map.clusterButton().waitFor({ state: 'attached' });
    // Every spread-out the layer reports (how many sites it spread), from before the key press.
    await page.evaluate(() => {
      const w = window as unknown as { spreads: number[] };
      w.spreads = [];
      document.addEventListener('fieldmap:spread', (e) =>
        w.spreads.push((e as CustomEvent<{ points: number }>).detail.points),
      );
    });
    await map.focusCluster(3);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { spreads: number[] }).spreads.length > 0);
    await expect(page.evaluate(() => (window as unknown as { spreads: number[] }).spreads)).resolves.toEqual([3]);
    expect(map.zoom()).toBe(19);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('wraps a long title in its tooltip between words, never inside one', async () => {
    const { context, page, errors } = await signedIn();
    const map = new MapPage(page);
    await map.goto('demo', { date: day, at: { ...longSite, zoom: 15 }, show: ['jobs'] });
    await map.waitForJobs();
    await map.hoverCentre();
    await map.tooltip.filter({ hasText: longTitle }).waitFor();
    const layout = await map.tooltipTitleLayout();
    expect(layout.lines).toBeGreaterThan(1);
    expect(layout.brokenWords).toEqual([]);
    expect(layout.width).toBeLessThanOrEqual(280);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the board’s map shows what the board’s technician filter shows', async () => {
    const { context, page, errors } = await signedIn();
    const tech = techs[0];
    if (!tech) throw new Error('no demo technician');
    const sited = async (query: string) => {
      const res = await page.request.get(
        `/api/v1/workspaces/${workspaceId}/calendar/events?start=${day}&end=2027-06-17${query}`,
      );
      return ((await res.json()) as CalendarEvent[]).filter((e) => e.extendedProps.lat !== null).length;
    };
    const board = new BoardMap(page);
    await new SchedulePage(page).goto('demo', 'dispatch', 'resourceTimelineDay', day);
    const all = await sited('');
    expect(all).toBeGreaterThanOrEqual(184);
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-job-count]')?.getAttribute('data-job-count')) === n,
      all,
    );

    await page.goto(`/w/demo/dispatch?view=resourceTimelineDay&date=${day}&tech=${tech.id}`);
    const mine = await sited(`&technicianId=${tech.id}`);
    expect(mine).toBeLessThan(all);
    await page.waitForFunction(
      (n) => Number(document.querySelector('[data-job-count]')?.getAttribute('data-job-count')) === n,
      mine,
    );
    await expect(board.jobCount()).resolves.toBe(mine);
    expect(errors).toEqual([]);
    await context.close();
  });
});
