import type { Member } from '@fieldplan/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DispatchBoard } from '../pages/dispatch-board.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { api } from '../support/api.js';
import { seriousA11yViolations } from '../support/axe.js';
import { launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

// A quiet Thursday far from the demo's jobs and the other specs' days. Berlin is UTC+2 then: 10:00 = 08:00Z.
const day = '2027-04-15';
const at = (hour: number) => `${day}T${String(hour - 2).padStart(2, '0')}:00:00.000Z`;

describe('double bookings and unassigned jobs on the board', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  async function board() {
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page: Page = await context.newPage();
    const errors = trackPageErrors(page);
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(page, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<Member[]>(page, 'GET', `/workspaces/${ws}/members`);
    const tech = members.find((m) => m.email === 'tech1@demo.test');
    if (!tech) throw new Error('no tech1 in the demo');
    const tag = Date.now().toString(36);
    const job = (title: string, from: number, assigneeIds: string[]) =>
      api<{ id: string }>(page, 'POST', `/workspaces/${ws}/jobs`, {
        title: `${title} ${tag}`,
        address: 'Alexanderplatz 1, Berlin',
        start: at(from),
        end: at(from + 1),
        assigneeIds,
      });
    return { page, errors, tech, tag, job, ws };
  }

  it('warns when a drag double-books someone, with Undo; the Summary counts what the board flags', async () => {
    const { page, errors, tech, tag, job } = await board();
    const boiler = await job('Boiler service', 10, [tech.id]);
    const pump = await job('Pump check', 13, [tech.id]);
    const schedule = new SchedulePage(page);
    const side = new DispatchBoard(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day);
    expect(await side.total('Double-booked')).toBe('0');

    // Pump check dragged onto 10:00 of the same technician: it lands, and the toast says whom it double-books.
    const moving = schedule.event(pump.id).first();
    const ten = await schedule.slot('T10:00').boundingBox();
    const lane = await schedule.lane(tech.id).boundingBox();
    if (!ten || !lane) throw new Error('timeline not laid out');
    await schedule.drag(moving, { x: ten.x + 6, y: lane.y + lane.height / 2 });
    const toast = side.toast(`Double-books ${tech.name} with “Boiler service ${tag}”`);
    await toast.waitFor();
    // axe with the toast and its Undo on screen, light and dark (hovering holds the toast, as for a reader).
    await toast.hover();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => schedule.event(boiler.id).first().getAttribute('class')).toContain('fp-ev-double');

    // The badge: the short word "Double" and the full meaning as its accessible name (a narrow
    // timeline block keeps only its red outline and says it in its card); where shown, never cut.
    const badge = schedule.event(pump.id).first().locator('.ev-double-badge');
    await badge.waitFor({ state: 'attached' });
    expect(await badge.getAttribute('aria-label')).toMatch(/^Double-booked/);
    expect(await badge.textContent()).toBe('Double');
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Both visits carry the mark, and the Summary says 2 — the same marks.
    expect(await side.total('Double-booked')).toBe('2');

    // Undo puts it back through the normal versioned write: no mark, Summary back to 0.
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(async () => (await schedule.event(boiler.id).first().getAttribute('class')) ?? '')
      .not.toContain('fp-ev-double');
    await expect.poll(() => side.total('Double-booked')).toBe('0');
    expect(errors).toEqual([]);
  });

  it('keeps the time of a job dropped on "Unassigned" and lists it in the queue', async () => {
    const { page, errors, tech, tag, job, ws } = await board();
    const gutter = await job('Gutter clean', 15, [tech.id]);
    const schedule = new SchedulePage(page);
    const side = new DispatchBoard(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day);
    await schedule.event(gutter.id).first().waitFor();
    expect(await side.queued(`Gutter clean ${tag}`).count()).toBe(0);

    // Dragged straight down onto the Unassigned row, at the same time.
    const moving = schedule.event(gutter.id).first();
    const from = await moving.boundingBox();
    const unassigned = await schedule.lane('unassigned').boundingBox();
    if (!from || !unassigned) throw new Error('timeline not laid out');
    await schedule.drag(moving, { x: from.x + Math.min(12, from.width / 2), y: unassigned.y + unassigned.height / 2 });

    // Still timed on the Unassigned row, and waiting in the queue with its time and "no technician".
    await schedule
      .lane('unassigned')
      .locator('.fc-event', { hasText: `Gutter clean ${tag}` })
      .waitFor();
    const queued = side.queued(`Gutter clean ${tag}`);
    await queued.waitFor();
    expect(await queued.textContent()).toContain('no technician');
    const saved = await api<{ start: string; status: string; assigneeIds: string[] }>(
      page,
      'GET',
      `/workspaces/${ws}/jobs/${gutter.id}`,
    );
    expect(saved).toMatchObject({ start: at(15), status: 'unscheduled', assigneeIds: [] });
    // After a reload too: the server's queue holds it.
    await page.reload();
    await schedule.waitForEvents();
    await side.queued(`Gutter clean ${tag}`).waitFor();
    expect(await side.total('Unassigned')).not.toBe('0');
    expect(errors).toEqual([]);
  });
});
