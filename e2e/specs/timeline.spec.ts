import type { Member } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchedulePage } from '../pages/schedule-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

/** A quiet Wednesday far from the demo's jobs and the other specs' days. CEST: 10:00 = 08:00Z. */
const quietDay = '2027-04-14';
const laptop = { width: 1280, height: 800 };
/** 24 characters: the longest title the day timeline promises to show whole on a 1-hour block. */
const title = 'Replace boiler pump seal';

describe('the day timeline', () => {
  let browser: Browser;
  let jobId = '';
  let working = { start: '07:00', end: '19:00' };

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const me = await (await context.request.get('/api/v1/me')).json();
    const workspaceId = me.memberships.find((m: { workspaceSlug: string }) => m.workspaceSlug === 'demo').workspaceId;
    working = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}`)).json()).workingHours;
    const members = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/members`)).json()) as Member[];
    const tech = members.find((m) => m.email === 'tech1@demo.test');
    const res = await context.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
      headers: { origin: baseUrl },
      data: {
        title,
        address: 'Somewhere in Berlin',
        start: `${quietDay}T08:00:00Z`,
        end: `${quietDay}T09:00:00Z`,
        assigneeIds: tech ? [tech.id] : [],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    jobId = ((await res.json()) as { id: string }).id;
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(
    colorScheme: 'light' | 'dark' = 'light',
  ): Promise<{ context: BrowserContext; page: Page; schedule: SchedulePage; errors: string[] }> {
    const context = await newContext(browser, { viewport: laptop, colorScheme });
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const schedule = new SchedulePage(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', quietDay);
    return { context, page, schedule, errors };
  }

  it('spans the working hours at 1280 px without scrolling sideways, rows of one height, 24 h on demand', async () => {
    const { context, page, schedule, errors } = await open();
    const hours = await schedule.hourColumns();
    // The working day on whole hours: its first hour's column to the column of the hour it ends in.
    const lastHour = Math.ceil(Number(working.end.slice(0, 2)) + Number(working.end.slice(3, 5)) / 60) - 1;
    expect(hours[0]).toBe(`${working.start.slice(0, 2)}:00`);
    expect(hours.at(-1)).toBe(`${String(lastHour).padStart(2, '0')}:00`);
    expect(await schedule.horizontalOverflow()).toBe(false);
    // Only one job on the day: every row is as tall as every other.
    expect(new Set(await schedule.rowHeights()).size).toBe(1);

    // The week timeline fits too, beside the queue.
    await schedule.view('Timeline week');
    expect(await schedule.horizontalOverflow()).toBe(false);
    await schedule.view('Timeline day');

    // "24 h" shows midnight to midnight (scrolling), and stays chosen after a reload.
    await schedule.fullDaySwitch.click();
    await expect.poll(() => schedule.hourColumns()).toContain('00:00');
    expect(await schedule.fullDaySwitch.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await schedule.waitForEvents();
    expect((await schedule.hourColumns())[0]).toBe('00:00');
    await schedule.fullDaySwitch.click();
    await expect.poll(async () => (await schedule.hourColumns())[0]).toBe(hours[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(['light', 'dark'] as const)(
    'shows a 1-hour job’s 24-character title whole, words unbroken, on the board as a new user sees it (%s)',
    async (colorScheme) => {
      const { context, page, schedule, errors } = await open(colorScheme);
      // The default layout at 1,280 px: the queue beside the timeline, the map starting hidden.
      await page.getByRole('button', { name: 'Hide the queue' }).waitFor();
      await page.getByRole('button', { name: 'Show the map' }).waitFor();
      const block = page.locator(`[data-event-id="${jobId}"]`);
      await expect.poll(() => schedule.titleFullyShown(jobId), { timeout: 20_000 }).toBe(true);
      expect(await schedule.titleWordsWhole(jobId)).toBe(true);
      expect(await block.locator('.ev-title').textContent()).toBe(title);
      expect(await schedule.horizontalOverflow()).toBe(false);

      await block.hover();
      await schedule.eventCard.waitFor();
      const card = (await schedule.eventCard.textContent()) ?? '';
      expect(card).toContain(title);
      expect(card).toContain('1 h');
      expect(card).toContain('Scheduled');
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('keeps the filter bar on one line at 1280 px, beside the map too (area and priority behind “Filters”), and unbroken at 1024 px', async () => {
    const { context, page, schedule, errors } = await open();
    const oneLine = async () => {
      const boxes = await schedule.filterBoxes();
      expect(boxes.length).toBeGreaterThanOrEqual(3);
      const tops = boxes.map((b) => b.top);
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);
      // Left to right without overlapping.
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]?.left).toBeGreaterThanOrEqual(boxes[i - 1]?.right ?? 0);
    };
    await page.getByRole('combobox', { name: 'Priority' }).waitFor();
    await oneLine();

    // With the map shown the timeline is narrower: area and priority wait behind "More filters".
    await page.getByRole('button', { name: 'Show the map' }).click();
    const more = page.getByRole('button', { name: 'More filters' });
    await more.waitFor();
    await oneLine();
    expect(await page.getByRole('combobox', { name: 'Priority' }).count()).toBe(0);
    await more.click();
    await page
      .getByRole('dialog', { name: 'Area and priority' })
      .getByRole('combobox', { name: 'Priority' })
      .selectOption('2');
    await page.waitForURL((u) => u.searchParams.get('priority') === '2');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'More filters: 1 on' }).waitFor();

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.getByRole('button', { name: 'More filters: 1 on' }).waitFor();
    await oneLine();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('remembers the queue’s width and the map hidden, per user, and never lets a pane go to nothing', async () => {
    const { context, page, schedule } = await open();
    // At 1,280 px the map starts hidden; shown once, it stays for this user.
    await page.getByRole('button', { name: 'Show the map' }).click();
    const queueSplitter = page.getByRole('separator', { name: 'Queue width' });
    const before = Number(await queueSplitter.getAttribute('aria-valuenow'));
    await queueSplitter.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await queueSplitter.getAttribute('aria-valuenow'))).toBe(before + 80);
    // Dragging the map's splitter far right stops at the map's minimum width.
    const mapSplitter = page.getByRole('separator', { name: 'Map width' });
    const min = Number(await mapSplitter.getAttribute('aria-valuemin'));
    expect(min).toBeGreaterThan(0);
    await schedule.drag(mapSplitter, { x: laptop.width - 2, y: 400 });
    await expect.poll(async () => Number(await mapSplitter.getAttribute('aria-valuenow'))).toBe(min);
    await page.getByRole('button', { name: 'Hide the map' }).click();

    await page.reload();
    await schedule.waitForEvents();
    expect(Number(await page.getByRole('separator', { name: 'Queue width' }).getAttribute('aria-valuenow'))).toBe(
      before + 80,
    );
    await page.getByRole('button', { name: 'Show the map' }).waitFor();
    expect(await page.getByRole('separator', { name: 'Map width' }).count()).toBe(0);

    // Another user in the same browser starts from the defaults (at 1,280 px: the map hidden).
    await signInViaApi(context, 'owner@demo.test');
    await page.reload();
    await schedule.waitForEvents();
    expect(Number(await page.getByRole('separator', { name: 'Queue width' }).getAttribute('aria-valuenow'))).toBe(
      before,
    );
    await page.getByRole('button', { name: 'Show the map' }).click();
    expect(Number(await page.getByRole('separator', { name: 'Map width' }).getAttribute('aria-valuenow'))).toBe(
      laptop.width / 4,
    );
    await context.close();
  });
});
