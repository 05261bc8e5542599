import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDayPage } from '../pages/my-day-page.js';
import { SettingsPage } from '../pages/settings-page.js';
import { api } from '../support/api.js';
import { launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}

// A day no other spec schedules on: 10 March 2027, 15:30–16:30 in Berlin (UTC+1 then).
const day = '2027-03-10';
const start = '2027-03-10T14:30:00.000Z';
const end = '2027-03-10T15:30:00.000Z';

describe('one time format from the workspace setting', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: Page;
  let ws = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    contexts.push(context);
    await signInViaApi(context, 'owner@demo.test');
    owner = await context.newPage();
    const me = await api<Me>(owner, 'GET', '/me');
    ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
  });
  afterAll(async () => {
    // The demo workspace is shared with the specs after this one: back to its 24-hour clock.
    if (ws) await api(owner, 'PATCH', `/workspaces/${ws}`, { timeFormat: '24h', dateFormat: 'dmy' });
    for (const context of contexts) await context.close();
    await browser.close();
  });

  it('switching to 12 h changes the board, the job panel and my day', async () => {
    const errors = trackPageErrors(owner);
    const members = await api<{ id: string; name: string }[]>(owner, 'GET', `/workspaces/${ws}/members`);
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    const title = `Clock check ${Date.now().toString(36)}`;
    const job = await api<{ id: string }>(owner, 'POST', `/workspaces/${ws}/jobs`, {
      title,
      address: 'Torstraße 1, 10119 Berlin',
      start,
      end,
      assigneeIds: [tomasz],
    });

    const tech = await newContext(browser);
    contexts.push(tech);
    await signInViaApi(tech, 'tech1@demo.test');
    const techPage = await tech.newPage();
    const myDay = new MyDayPage(techPage);

    const board = () => owner.goto(`/w/demo/dispatch?view=resourceTimelineDay&date=${day}`);
    const slotLabel = (text: string) =>
      owner.locator('.fc-timeline-slot-cushion', { hasText: new RegExp(`^${text}$`) });
    const panel = () => owner.goto(`/w/demo/jobs/${job.id}?view=resourceTimelineDay&date=${day}`);
    const panelTime = owner.locator('aside.drawer');

    // 24 h: what the demo workspace starts with.
    await board();
    await slotLabel('15:00').waitFor();
    await panel();
    await expect.poll(() => panelTime.textContent()).toContain('15:30–16:30');
    await myDay.goto('demo', day);
    await expect.poll(() => myDay.card(title).textContent()).toContain('15:30–16:30');

    // The owner switches to 12 h in Settings.
    const settings = new SettingsPage(owner);
    await settings.goto('demo');
    await settings.form.getByLabel('Time format').selectOption('12h');
    await settings.save();

    await board();
    await slotLabel('3:00 PM').waitFor();
    expect(await slotLabel('15:00').count()).toBe(0);
    await panel();
    await expect.poll(() => panelTime.textContent()).toContain('3:30 PM–4:30 PM');
    await myDay.goto('demo', day);
    await expect.poll(() => myDay.card(title).textContent()).toContain('3:30 PM–4:30 PM');
    expect(errors).toEqual([]);
  });

  it('switching the date order rewrites every date heading: toolbars, week columns, list days, the summary', async () => {
    const errors = trackPageErrors(owner);
    const heading = (name: string) => owner.getByRole('heading', { name, exact: true });
    const text = (value: string) => owner.getByText(value, { exact: true }).first();
    // Day first, as the demo workspace starts.
    await owner.goto(`/w/demo/calendar?view=timeGridWeek&date=${day}`);
    await heading('8 Mar – 14 Mar 2027').waitFor();
    await text('Wed, 10 Mar').waitFor();

    await api(owner, 'PATCH', `/workspaces/${ws}`, { dateFormat: 'mdy' });
    await owner.goto(`/w/demo/calendar?view=timeGridWeek&date=${day}`);
    await heading('Mar 8 – Mar 14, 2027').waitFor();
    await text('Wed, Mar 10').waitFor();
    expect(await owner.getByText('Wed, 10 Mar', { exact: true }).count()).toBe(0);
    await owner.goto(`/w/demo/calendar?view=listWeek&date=${day}`);
    await text('Wednesday, March 10, 2027').waitFor();
    await owner.goto(`/w/demo/dispatch?view=resourceTimelineDay&date=${day}`);
    await heading('Wed, Mar 10, 2027').waitFor();
    await owner.getByRole('tab', { name: 'Summary' }).click();
    await text('Wednesday, March 10, 2027').waitFor();

    await api(owner, 'PATCH', `/workspaces/${ws}`, { dateFormat: 'ymd' });
    await owner.goto(`/w/demo/dispatch?view=resourceTimelineDay&date=${day}`);
    await heading('Wed, 2027-03-10').waitFor();
    expect(errors).toEqual([]);
  });
});
