import type { Customer, Job, Workspace } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerPage } from '../pages/customer-page.js';
import { JobPanel } from '../pages/job-panel.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { SettingsPage } from '../pages/settings-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

// A quiet Monday far from the demo's weeks of jobs.
const day = '2027-03-15';
const stamp = Date.now().toString(36);

describe('forms without friction', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let workspace: Workspace;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    await signInViaApi(context, 'owner@demo.test');
    page = await context.newPage();
    errors = trackPageErrors(page);
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>('/me');
    const id = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    workspace = await api<Workspace>(`/workspaces/${id}`);
  });
  afterAll(async () => {
    // Other specs expect the demo's settings: put back what this one changed.
    const { defaultJobMinutes, map } = workspace;
    await context.request.patch(`/api/v1/workspaces/${workspace.id}`, {
      headers: { origin: baseUrl },
      data: { defaultJobMinutes, map },
    });
    await context.close();
    await browser.close();
  });

  async function api<T>(path: string): Promise<T> {
    const response = await context.request.get(`/api/v1${path}`);
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  it('a slot opens the form with its start, the default length and the row’s technician; duration and end agree', async () => {
    const members = await api<{ id: string; name: string }[]>(`/workspaces/${workspace.id}/members`);
    const jonas = members.find((m) => m.name === 'Jonas Becker')?.id ?? '';
    const schedule = new SchedulePage(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day);
    await schedule.clickSlot(jonas, 'T14:00');
    const panel = new JobPanel(page);
    await panel.form.waitFor();
    // The demo workspace writes dates day first and times on the 24-hour clock.
    expect(await panel.whenText('Start')).toBe('15/03/2027 14:00');
    expect(await panel.whenText('End')).toBe('15/03/2027 15:00');
    expect(await panel.duration.inputValue()).toBe('60');
    expect(await panel.form.getByRole('checkbox', { name: 'Jonas Becker' }).isChecked()).toBe(true);
    // Typing a duration moves the end; a new end shows its duration.
    await panel.duration.fill('135');
    expect(await panel.whenText('End')).toBe('15/03/2027 16:15');
    await panel.fillWhen('End', `${day}T14:45`);
    await expect.poll(() => panel.duration.inputValue()).toBe('45');
    expect(errors).toEqual([]);
  });

  it('says when the site address is required, shows no errors on untouched fields, and has no coordinates to type', async () => {
    const panel = new JobPanel(page);
    await page.goto(`/w/demo/jobs/new?date=${day}`);
    await panel.form.waitFor();
    await expect(panel.site.getAttribute('aria-describedby')).resolves.toBeTruthy();
    await panel.form.getByText('Required without a customer').waitFor();
    expect(await panel.form.getByLabel(/Latitude|Longitude/).count()).toBe(0);
    await panel.form.getByLabel('Title').fill(`Forms e2e ${stamp}`);
    await panel.form.getByLabel('Priority').focus();
    await panel.form.getByLabel('Description').focus();
    expect(await panel.form.locator('.field-error').count()).toBe(0);
    await page.getByRole('button', { name: 'Create job' }).click();
    await panel.form.getByText('Site address is required when no customer is chosen').waitFor();
    expect(errors).toEqual([]);
  });

  it('moves the pin with the arrow keys behind "Adjust pin"; Enter confirms and closes the map', async () => {
    const panel = new JobPanel(page);
    await page.goto(`/w/demo/jobs/new?date=${day}`);
    await panel.form.waitFor();
    expect(await panel.pinMap.count()).toBe(0);
    await panel.adjustPin();
    await panel.pinMap.getByRole('button', { name: 'Pin the map centre' }).click();
    const dropped = await panel.position();
    await panel.pin.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await panel.position()).lng).toBeGreaterThan(dropped.lng);
    expect((await panel.position()).lat).toBeLessThan(dropped.lat);
    await page.keyboard.press('Enter');
    await panel.pinMap.waitFor({ state: 'hidden' });
    await expect(panel.adjust.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    expect(errors).toEqual([]);
  });

  it('chooses "On" in the recurrence editor when a last date is typed', async () => {
    const panel = new JobPanel(page);
    await page.goto(`/w/demo/jobs/new?date=${day}`);
    await panel.fillWhen('Start', `${day}T09:00`);
    await panel.fillWhen('End', `${day}T10:00`);
    await panel.form.getByRole('combobox', { name: 'Repeat' }).selectOption('DAILY');
    await panel.form.getByRole('radio', { name: 'Never' }).check();
    await panel.form.getByLabel('Last date').fill('2027-03-19');
    expect(await panel.form.getByRole('radio', { name: 'On a date' }).isChecked()).toBe(true);
    await expect(panel.summary().textContent()).resolves.toMatch(/until 19 Mar 2027/);
    expect(errors).toEqual([]);
  });

  it('"New job" on a customer’s page fills in the customer and their site; the toast stays clear of the panel', async () => {
    const name = `Forms e2e customer ${stamp}`;
    const created = await context.request.post(`/api/v1/workspaces/${workspace.id}/customers`, {
      headers: { origin: baseUrl },
      data: { name, address: 'Alexanderplatz 1, 10178 Berlin', lat: 52.5219, lng: 13.4132 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customer = (await created.json()) as Customer;
    const detail = new CustomerPage(page);
    await detail.goto('demo', customer.id);
    await page.getByRole('link', { name: 'New job' }).click();
    const panel = new JobPanel(page);
    await panel.form.waitFor();
    expect(await panel.form.getByRole('combobox', { name: /Customer/ }).inputValue()).toBe(name);
    expect(await panel.site.inputValue()).toBe('Alexanderplatz 1, 10178 Berlin');
    await panel.form.getByText('Pin at 52.52190, 13.41320').waitFor();
    await panel.form.getByLabel('Title').fill(`Forms e2e job ${stamp}`);
    await page.getByRole('button', { name: 'Create job' }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]{36}(\?|$)/);
    const jobId = /\/jobs\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? '';
    const job = await api<Job>(`/workspaces/${workspace.id}/jobs/${jobId}`);
    expect(job).toMatchObject({ customerId: customer.id, address: 'Alexanderplatz 1, 10178 Berlin' });
    // The "Created" toast and the open panel (its buttons included) do not overlap.
    const toast = page.locator('.toast').filter({ hasText: 'Created' });
    await panel.panel.waitFor();
    // Held by the pointer: a toast waits while hovered, so it is still there to be measured.
    await toast.hover();
    const toastBox = await toast.boundingBox();
    const panelBox = await panel.panel.boundingBox();
    if (!toastBox || !panelBox) throw new Error('the toast or the panel is not on screen');
    expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(panelBox.x);
    expect(errors).toEqual([]);
  });

  it('sets the default job length and the map centre with a pin in settings', async () => {
    const settings = new SettingsPage(page);
    await settings.goto('demo');
    expect(await settings.form.getByLabel(/Centre latitude|Centre longitude/).count()).toBe(0);
    await settings.defaultJobLength.fill('90');
    await settings.centrePin.focus();
    await page.keyboard.press('Shift+ArrowLeft');
    await settings.save();
    const saved = await api<Workspace>(`/workspaces/${workspace.id}`);
    expect(saved.defaultJobMinutes).toBe(90);
    expect(saved.map.center.lng).toBeLessThan(workspace.map.center.lng);
    expect(saved.map.center.lat).toBeCloseTo(workspace.map.center.lat, 3);
    // A job made without an end now lasts 90 minutes.
    await page.goto(`/w/demo/jobs/new?start=${encodeURIComponent(`${day}T13:00:00.000Z`)}`);
    const panel = new JobPanel(page);
    await panel.form.waitFor();
    expect(await panel.duration.inputValue()).toBe('90');
    expect(errors).toEqual([]);
  });
});
