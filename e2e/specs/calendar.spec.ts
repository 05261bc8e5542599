import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPanel } from '../pages/job-panel.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface FeedEvent {
  start: string;
  resourceIds: string[];
  title: string;
  extendedProps: { jobId: string; occurrenceKey: string | null; recurring: boolean };
}

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

// A quiet January far from the demo's three weeks of jobs. Berlin is UTC+1 then: 09:00 = 08:00Z.
const mondays = ['2027-01-11', '2027-01-18', '2027-01-25', '2027-02-01'];
const at = (date: string, hour: number) => `${date}T${String(hour - 1).padStart(2, '0')}:00:00.000Z`;

describe('the calendar: a weekly job created, dragged, split, trimmed — and a stale save', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  it('keeps every change across a reload, and shows the other dispatcher what changed', async () => {
    const title = `Weekly clean ${Date.now().toString(36)}`;
    const context = await newContext(browser);
    contexts.push(context);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const schedule = new SchedulePage(page);
    const panel = new JobPanel(page);

    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(page, '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(page, `/workspaces/${ws}/members`);
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    const aylin = members.find((m) => m.name === 'Aylin Demir')?.id ?? '';

    // 1. Create a weekly job through the form: Mondays 09:00–10:00 with Tomasz, four times.
    await schedule.goto('demo', 'calendar', 'timeGridWeek', mondays[0] ?? '');
    await page.getByRole('link', { name: 'New job' }).click();
    const jobId = await panel.create({
      title,
      customer: 'Bäckerei',
      start: `${mondays[0]}T09:00`,
      end: `${mondays[0]}T10:00`,
      technician: 'Tomasz Nowak',
      weeklyTimes: 4,
    });
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByText('Every week on Mon, 4 times').waitFor();

    // A second dispatcher opens the first visit's form now, holding version 1.
    const other = await newContext(browser);
    contexts.push(other);
    await signInViaApi(other, 'owner@demo.test');
    const stale = await other.newPage();
    const staleErrors = trackPageErrors(stale);
    await stale.goto(`/w/demo/jobs/${jobId}/edit?occurrence=${at(mondays[0] ?? '', 9)}&date=${mondays[0]}`);
    const staleForm = new JobPanel(stale).form;
    await staleForm.getByLabel('Title').waitFor();

    // 2. Its occurrences in the week view and in the timeline.
    await panel.close();
    await schedule.waitForEvents();
    expect(await schedule.events(title).count()).toBe(1);
    await schedule.next();
    expect(await schedule.events(title).count()).toBe(1);
    await schedule.view('Timeline week');
    await schedule.lane(tomasz).locator('.fc-event', { hasText: title }).waitFor();

    // 3. Drag the second Monday's visit to Aylin: "This occurrence".
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', mondays[1] ?? '');
    const second = schedule.lane(tomasz).locator('.fc-event', { hasText: title });
    const aylinLane = await schedule.lane(aylin).boundingBox();
    const secondBox = await second.boundingBox();
    if (!aylinLane || !secondBox) throw new Error('timeline not laid out');
    await schedule.drag(second, { x: secondBox.x + 12, y: aylinLane.y + aylinLane.height / 2 });
    await schedule.chooseScope('This occurrence', 'Move');
    await schedule.lane(aylin).locator('.fc-event', { hasText: title }).waitFor();
    await page.getByText(new RegExp(`${title}”: Mon, (Jan 18|18 Jan), 09:00–10:00`)).waitFor();

    // 4. Move the series from the third Monday on to 10:00: "This and following".
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', mondays[2] ?? '');
    const third = schedule.lane(tomasz).locator('.fc-event', { hasText: title });
    const nine = await schedule.slot('T09:00').boundingBox();
    const ten = await schedule.slot('T10:00').boundingBox();
    const thirdBox = await third.boundingBox();
    if (!nine || !ten || !thirdBox) throw new Error('timeline not laid out');
    await schedule.drag(third, { x: thirdBox.x + 12 + (ten.x - nine.x), y: thirdBox.y + thirdBox.height / 2 });
    await schedule.chooseScope('This and following', 'Move');
    await page.getByText(new RegExp(`${title}”: Mon, (Jan 25|25 Jan), 10:00–11:00`)).waitFor();

    // 5. Delete the last visit only.
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', mondays[3] ?? '');
    await schedule.events(title).first().click();
    await panel.panel.getByRole('button', { name: 'Delete' }).click();
    await schedule.chooseScope('This occurrence', 'Delete');
    await page.getByText(`Deleted one occurrence of “${title}”`).waitFor();
    await schedule.waitForEvents();
    expect(await schedule.events(title).count()).toBe(0);

    // 6. After a reload: Tomasz 09:00, Aylin 09:00, Tomasz 10:00, nothing on 1 Feb — on screen and in the API.
    await schedule.goto('demo', 'calendar', 'dayGridMonth', mondays[0] ?? '');
    await page.reload();
    await schedule.waitForEvents();
    const cell = (date: string) =>
      page.locator(`td.fc-daygrid-day[data-date="${date}"] .fc-event .ev`, { hasText: title });
    expect(await cell(mondays[0] ?? '').getAttribute('title')).toMatch(/^09:00 · .* · Tomasz Nowak · Scheduled/);
    expect(await cell(mondays[1] ?? '').getAttribute('title')).toMatch(/^09:00 · .* · Aylin Demir · Scheduled/);
    expect(await cell(mondays[2] ?? '').getAttribute('title')).toMatch(/^10:00 · .* · Tomasz Nowak · Scheduled/);
    expect(await cell(mondays[3] ?? '').count()).toBe(0);
    const feed = await api<FeedEvent[]>(page, `/workspaces/${ws}/calendar/events?start=2027-01-04&end=2027-02-15`);
    const ours = feed.filter((e) => e.title === title).map((e) => ({ start: e.start, who: e.resourceIds }));
    expect(ours).toEqual([
      { start: at(mondays[0] ?? '', 9), who: [tomasz] },
      { start: at(mondays[1] ?? '', 9), who: [aylin] },
      { start: at(mondays[2] ?? '', 10), who: [tomasz] },
    ]);

    // 7. The stale form saves: the conflict dialog shows their version; "Reload" takes it.
    await staleForm.getByLabel('Title').fill(`${title} (renamed)`);
    await stale.getByRole('button', { name: 'Save', exact: true }).click();
    await new SchedulePage(stale).chooseScope('All occurrences', 'Save');
    const conflict = stale.getByRole('alertdialog', { name: 'Someone else changed this job' });
    await conflict.waitFor();
    await conflict.getByRole('columnheader', { name: /^Their version \(v\d+\)$/ }).waitFor({ state: 'visible' });
    expect(await conflict.getByRole('row', { name: /^Title differs/ }).textContent()).toContain(`${title} (renamed)`);
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await conflict.waitFor({ state: 'detached' });
    // Their version arrives by a refetch: the form shows it once it is in.
    await expect.poll(() => staleForm.getByLabel('Title').inputValue()).toBe(title);

    expect(errors).toEqual([]);
    expect(staleErrors).toEqual([]);
  });

  it('schedules a job by dragging it from the queue onto a technician, and prefills a new job from a clicked slot', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const schedule = new SchedulePage(page);
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(page, '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(page, `/workspaces/${ws}/members`);
    const jonas = members.find((m) => m.name === 'Jonas Becker')?.id ?? '';
    const day = '2027-02-08';
    const shownDay = '08/02/2027';

    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day);
    const queue = page.getByRole('list', { name: 'Unscheduled jobs' });
    const item = queue.getByRole('listitem').first();
    const queued = (await item.getAttribute('data-title')) ?? '';
    const before = await queue.getByRole('listitem').count();
    const lane = await schedule.lane(jonas).boundingBox();
    const ten = await schedule.slot('T10:00').boundingBox();
    if (!lane || !ten) throw new Error('timeline not laid out');
    await schedule.drag(item, { x: ten.x + 4, y: lane.y + lane.height / 2 });
    await schedule.lane(jonas).locator('.fc-event', { hasText: queued }).waitFor();
    await page
      .getByText(new RegExp(`${queued.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”: Mon, (Feb 8|8 Feb), 10:00–11:00`))
      .waitFor();
    expect(await queue.getByRole('listitem').count()).toBe(before - 1);
    const feed = await api<FeedEvent[]>(page, `/workspaces/${ws}/calendar/events?start=${day}&end=2027-02-09`);
    expect(feed.filter((e) => e.title === queued).map((e) => [e.start, e.resourceIds])).toEqual([
      [at(day, 10), [jonas]],
    ]);

    // A click on an empty slot of a row opens the new-job form for that time and technician.
    // The board's map beside the timeline leaves fewer hours on screen: 14:00 is scrolled into view.
    await schedule.clickSlot(jonas, 'T14:00');
    const jobPanel = new JobPanel(page);
    const form = jobPanel.form;
    await form.waitFor();
    // Day first, 24 hours: the demo workspace's formats.
    expect(await jobPanel.whenText('Start')).toBe(`${shownDay} 14:00`);
    expect(await jobPanel.whenText('End')).toBe(`${shownDay} 15:00`);
    expect(await form.getByRole('checkbox', { name: 'Jonas Becker' }).isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });
});
