import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPanel } from '../pages/job-panel.js';
import { api } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}
interface Clock {
  timeFormat: string;
  dateFormat: string;
  weekStart: number;
}

// A quiet Monday no other spec schedules on; Berlin is UTC+2 then.
const day = '2027-07-05';
const stamp = Date.now().toString(36);

describe('date and time fields in the workspace’s formats', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let ws = '';
  let before: Clock | null = null;
  const created: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    await signInViaApi(context, 'owner@demo.test');
    page = await context.newPage();
    const me = await api<Me>(page, 'GET', '/me');
    ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const { timeFormat, dateFormat, weekStart } = await api<Clock>(page, 'GET', `/workspaces/${ws}`);
    before = { timeFormat, dateFormat, weekStart };
    // 24 hours, day first, weeks from Monday (what the demo starts with, said here on purpose).
    await api(page, 'PATCH', `/workspaces/${ws}`, { timeFormat: '24h', dateFormat: 'dmy', weekStart: 1 });
  });
  afterAll(async () => {
    for (const id of created) {
      await page.request.delete(`/api/v1/workspaces/${ws}/jobs/${id}`, { headers: { origin: baseUrl } });
    }
    if (before) await api(page, 'PATCH', `/workspaces/${ws}`, before);
    await context.close();
    await browser.close();
  });

  async function startOf(id: string): Promise<{ start: string; end: string }> {
    return api<{ start: string; end: string }>(page, 'GET', `/workspaces/${ws}/jobs/${id}`);
  }

  async function begin(panel: JobPanel, title: string): Promise<void> {
    await page.goto(`/w/demo/jobs/new?date=${day}`);
    await panel.form.waitFor();
    await panel.form.getByLabel('Title').fill(title);
    const customer = panel.form.getByRole('combobox', { name: /Customer/ });
    await customer.fill('Bäckerei');
    await page.getByRole('listbox', { name: 'Customers' }).getByRole('option').first().waitFor();
    await customer.press('ArrowDown');
    await customer.press('Enter');
    await panel.form.getByRole('checkbox', { name: 'Jonas Becker' }).check();
  }

  async function save(): Promise<string> {
    await page.getByRole('button', { name: 'Create job' }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}(\?|$)/);
    const id = /\/jobs\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    created.push(id);
    return id;
  }

  it('types a start by keyboard, day first and on the 24-hour clock, and saves that start', async () => {
    const errors = trackPageErrors(page);
    const panel = new JobPanel(page);
    await begin(panel, `Typed date ${stamp}`);
    // The app's own text fields, never the browser's date and time inputs (they follow its locale).
    expect(
      await panel.form.locator('input[type="date"], input[type="time"], input[type="datetime-local"]').count(),
    ).toBe(0);
    const startDate = panel.dateField('Start');
    expect(await startDate.getAttribute('placeholder')).toBe('DD/MM/YYYY');
    const hint = await startDate.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(hint).toContain('Day, month, year: 30/11/2026');
    expect(hint).toContain('24-hour clock: 14:00');

    await startDate.click();
    await page.keyboard.type('5.7.2027');
    await page.keyboard.press('Tab'); // the calendar button
    await page.keyboard.press('Tab'); // the start's time
    await page.keyboard.type('14:00');
    await panel.dateField('End').click();
    await page.keyboard.type('05/07/2027');
    await panel.timeField('End').click();
    await page.keyboard.type('1500');
    await page.keyboard.press('Tab');
    // Left, each field writes its value in the workspace's formats.
    expect(await panel.whenText('Start')).toBe('05/07/2027 14:00');
    expect(await panel.whenText('End')).toBe('05/07/2027 15:00');

    const id = await save();
    const job = await startOf(id);
    expect([job.start, job.end]).toEqual(['2027-07-05T12:00:00.000Z', '2027-07-05T13:00:00.000Z']);
    expect(errors).toEqual([]);
  });

  it('picks a start in the calendar with the arrow keys and Enter; the end keeps the length', async () => {
    const errors = trackPageErrors(page);
    const panel = new JobPanel(page);
    await begin(panel, `Picked date ${stamp}`);
    await panel.fillWhen('Start', `${day}T09:30`);
    await panel.fillWhen('End', `${day}T10:30`);

    await panel.dateField('Start').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const grid = page.getByRole('grid', { name: 'July 2027' });
    await grid.waitFor();
    expect(await grid.getByRole('columnheader').first().textContent()).toBe('Mon');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Monday, 5 July 2027');
    // A week on and a day on: Tuesday 13 July.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await grid.waitFor({ state: 'detached' });
    expect(await panel.whenText('Start')).toBe('13/07/2027 09:30');
    expect(await panel.whenText('End')).toBe('13/07/2027 10:30');

    const id = await save();
    const job = await startOf(id);
    expect([job.start, job.end]).toEqual(['2027-07-13T07:30:00.000Z', '2027-07-13T08:30:00.000Z']);
    expect(errors).toEqual([]);
  });
});
