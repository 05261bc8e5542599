import type { Member } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Palette } from '../pages/palette.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { api } from '../support/api.js';
import { seriousA11yViolations } from '../support/axe.js';
import { launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

/** A quiet day no other spec schedules on (board-map uses March, calendar January). */
const quietDay = '2027-05-12';
const stamp = Date.now().toString(36);
// Two-letter starts no demo job, customer or street has, so two keystrokes single each one out.
const jobTitle = `Qzx boiler check ${stamp}`;
const customerName = `Vqk Bakery ${stamp}`;
const street = `Jwq Lane ${stamp}`;
const hh = (hour: number) => String(hour).padStart(2, '0');

describe('search and board filters', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let workspaceId = '';
  let jobId = '';
  const urgentTitle = `Urgent filter job ${stamp}`;
  const laterTitle = `Whenever filter job ${stamp}`;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    page = await context.newPage();
    errors = trackPageErrors(page);
    const me = await api<{ memberships: { workspaceSlug: string; workspaceId: string }[] }>(page, 'GET', '/me');
    workspaceId = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const ws = `/workspaces/${workspaceId}`;
    const members = await api<Member[]>(page, 'GET', `${ws}/members`);
    const tech = members.find((m) => m.email === 'tech1@demo.test');
    const customer = await api<{ id: string }>(page, 'POST', `${ws}/customers`, {
      name: customerName,
      address: `${street} 7, Berlin`,
      lat: 52.5,
      lng: 13.4,
    });
    const job = (title: string, priority: number, hourZ: number) =>
      api<{ id: string }>(page, 'POST', `${ws}/jobs`, {
        title,
        customerId: customer.id,
        address: `${street} 7, Berlin`,
        lat: 52.5,
        lng: 13.4,
        priority,
        start: `${quietDay}T${hh(hourZ)}:00:00Z`,
        end: `${quietDay}T${hh(hourZ + 1)}:00:00Z`,
        assigneeIds: tech ? [tech.id] : [],
      });
    jobId = (await job(jobTitle, 3, 7)).id;
    await job(urgentTitle, 1, 9);
    await job(laterTitle, 5, 11);
  });
  afterAll(() => browser.close());

  it('finds a job by its title, its customer and a piece of its address within two keystrokes', async () => {
    await page.goto('/w/demo');
    const palette = new Palette(page);
    for (const [typed, group, label] of [
      ['Qz', 'Jobs', jobTitle],
      ['Vq', 'Jobs', jobTitle],
      ['Vq', 'Customers', customerName],
      ['Jw', 'Jobs', jobTitle],
      ['Jw', 'Addresses', street],
    ] as const) {
      await palette.openWithKeys();
      await palette.type(typed);
      await palette.option(group, label).waitFor();
      await page.keyboard.press('Escape');
      await palette.dialog.waitFor({ state: 'detached' });
    }
    expect(errors).toEqual([]);
  });

  it('is keyboard-first: arrows move, Enter opens the job, Escape gives focus back', async () => {
    await page.goto('/w/demo/customers');
    const palette = new Palette(page);
    await palette.openWithButton();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await palette.type('Qzx');
    await palette.option('Jobs', jobTitle).waitFor();
    expect(await palette.activeOption()).toContain(jobTitle);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    expect(await palette.activeOption()).toContain(jobTitle);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/jobs/${jobId}`));
    await page.getByRole('heading', { name: jobTitle }).waitFor();

    await palette.openWithButton();
    await page.keyboard.press('Escape');
    await palette.dialog.waitFor({ state: 'detached' });
    expect(await palette.button.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('cuts a search over 200 characters instead of failing', async () => {
    await page.goto('/w/demo');
    const palette = new Palette(page);
    await palette.openWithKeys();
    await palette.input.fill(`${jobTitle} ${'x'.repeat(400)}`);
    expect((await palette.input.inputValue()).length).toBe(200);
    await palette.dialog.getByRole('status').filter({ hasText: 'Nothing found' }).waitFor();
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  it('keeps the board’s filters in the URL: a reload and a new page show the same jobs', async () => {
    const board = new SchedulePage(page);
    await board.goto('demo', 'dispatch', 'resourceTimelineDay', quietDay);
    await board.events(urgentTitle).first().waitFor();
    await board.events(laterTitle).first().waitFor();

    await page.getByRole('combobox', { name: /^Priority/ }).selectOption('1');
    await board.events(laterTitle).first().waitFor({ state: 'detached' });
    await board.events(urgentTitle).first().waitFor();
    expect(new URL(page.url()).searchParams.get('priority')).toBe('1');
    const url = page.url();

    await page.reload();
    await board.waitForEvents();
    await board.events(urgentTitle).first().waitFor();
    expect(await board.events(laterTitle).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Priority/ }).inputValue()).toBe('1');

    const other = await context.newPage();
    await other.goto(url);
    const otherBoard = new SchedulePage(other);
    await otherBoard.waitForEvents();
    await otherBoard.events(urgentTitle).first().waitFor();
    expect(await otherBoard.events(laterTitle).count()).toBe(0);
    expect(await other.getByRole('combobox', { name: /^Priority/ }).inputValue()).toBe('1');
    await other.close();
  });

  it('ignores unknown or malformed filters in a link and shows them cleared', async () => {
    const board = new SchedulePage(page);
    await page.goto(
      `/w/demo/dispatch?view=resourceTimelineDay&date=${quietDay}&tech=nobody&status=bogus&priority=9&area=nowhere`,
    );
    await board.waitForEvents();
    await board.events(urgentTitle).first().waitFor();
    await board.events(laterTitle).first().waitFor();
    await page.waitForURL((u) => !['tech', 'status', 'priority', 'area'].some((k) => u.searchParams.has(k)));
    expect(await page.getByRole('combobox', { name: /^Technician/ }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: /^Priority/ }).inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: /^Service area/ }).inputValue()).toBe('');
    expect(errors).toEqual([]);
  });
});
