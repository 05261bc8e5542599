import type { Member } from '@fieldplan/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SchedulePage } from '../pages/schedule-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

/** A Monday far from the demo's jobs and the other specs' days. */
const monday = '2027-10-04';
/** A short window: a few of the demo's technicians fill it, the rest are below it. */
const short = { width: 1280, height: 640 };
const jobsPerTechnician = 6;

/** The timeline's lanes scroller (the technicians' list follows its vertical scroll). */
const scrollLanes = (page: Page, to: 'top' | 'bottom') =>
  page.evaluate((where) => {
    const scroller = document.querySelector('.fc-timeline-body')?.closest('.fc-scroller');
    if (!scroller) throw new Error('no timeline scroller');
    scroller.scrollTop = where === 'top' ? 0 : scroller.scrollHeight;
  }, to);
const lane = (page: Page, id: string) => page.locator(`td.fc-timeline-lane[data-resource-id="${id}"]`);
const label = (page: Page, id: string) => page.locator(`td.fc-datagrid-cell[data-resource-id="${id}"]`);

describe('the week timeline renders only the rows near the viewport (docs/adr/0023)', () => {
  let browser: Browser;
  let technicians: Member[] = [];
  const titleOf = (tech: Member, i: number) => `Windowed ${tech.name} ${i + 1}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const me = await (await context.request.get('/api/v1/me')).json();
    const workspaceId = me.memberships.find((m: { workspaceSlug: string }) => m.workspaceSlug === 'demo').workspaceId;
    const members = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/members`)).json()) as Member[];
    // The timeline's rows after Unassigned, in its order.
    technicians = members.filter((m) => m.role === 'technician' && m.active);
    expect(technicians.length).toBeGreaterThanOrEqual(4);
    // Six jobs each on the Monday: the week timeline stacks them, so each row is tall.
    for (const tech of technicians) {
      for (let i = 0; i < jobsPerTechnician; i++) {
        const hour = String(7 + i).padStart(2, '0');
        const res = await context.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
          headers: { origin: baseUrl },
          data: {
            title: titleOf(tech, i),
            address: 'Somewhere in Berlin',
            start: `${monday}T${hour}:00:00Z`,
            end: `${monday}T${hour}:45:00Z`,
            assigneeIds: [tech.id],
          },
        });
        expect(res.status(), await res.text()).toBe(201);
      }
    }
    await context.close();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('leaves the last technician out until the board scrolls to it, keeps the focused row, and lists every row', async () => {
    const context = await newContext(browser, { viewport: short });
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const schedule = new SchedulePage(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineWeek', monday);
    const first = technicians[0] as Member;
    const last = technicians.at(-1) as Member;

    // On screen: the first technician's row with its jobs. Not rendered at all: the last one's
    // row — neither its label nor its lane — but a spacer row stands in for the rows below.
    await expect.poll(() => schedule.events(titleOf(first, 0)).count()).toBe(1);
    expect(await label(page, last.id).count()).toBe(0);
    expect(await lane(page, last.id).count()).toBe(0);
    expect(await schedule.events(titleOf(last, 0)).count()).toBe(0);
    expect(await page.locator('td.fc-timeline-lane.fp-row-spacer').count()).toBeGreaterThan(0);
    // The technicians' grid still says how many rows it has (Unassigned + every technician).
    const grid = page.getByRole('grid', { name: 'Technicians' });
    expect(await grid.getAttribute('aria-rowcount')).toBe(String(technicians.length + 1));
    expect(await page.locator('tr[aria-rowindex="1"]').count()).toBe(1);

    // Scrolled to the bottom, the last technician's row comes, with its jobs, in view.
    await scrollLanes(page, 'bottom');
    const lastJob = schedule.events(titleOf(last, jobsPerTechnician - 1));
    await expect.poll(() => lastJob.count()).toBe(1);
    await lastJob.scrollIntoViewIfNeeded();
    expect(await lastJob.isVisible()).toBe(true);
    expect(await label(page, last.id).getAttribute('role')).toBe('gridcell');
    expect(await page.locator(`tr[aria-rowindex="${technicians.length + 1}"]`).count()).toBe(1);
    // ... and the rows now far above it have gone.
    await expect.poll(() => lane(page, 'unassigned').count()).toBe(0);

    // Keyboard focus on the last technician's job keeps its row when the board scrolls away.
    await lastJob.focus();
    await scrollLanes(page, 'top');
    await expect.poll(() => lane(page, 'unassigned').count()).toBe(1);
    expect(await lane(page, last.id).count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.closest('.fc-event') !== null)).toBe(true);

    expect(errors).toEqual([]);
    await context.close();
  });
});
