import type { Job, Member } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OptimiseDialog } from '../pages/optimise-dialog.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

// Quiet days far from the demo's jobs and the other specs' (CET: 09:00 local = 08:00Z).
const flexDay = '2027-03-03';
const fixedDay = '2027-03-04';
const utc = (date: string, localHour: number, minute = 0) =>
  `${date}T${String(localHour - 1).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;

/** Four sites on a line across Berlin, west to east — visited today in a zig-zag. */
const stops = [
  { name: 'Spandau', lng: 13.2, hour: 9 },
  { name: 'Marzahn', lng: 13.6, hour: 10.5 },
  { name: 'Moabit', lng: 13.3, hour: 12 },
  { name: 'Lichtenberg', lng: 13.5, hour: 13.5 },
];

describe('optimise a day', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let workspaceId = '';
  let tomasz = '';
  const tag = Date.now().toString(36);
  const titleOf = (name: string) => `${name} visit ${tag}`;

  const createJob = async (data: Record<string, unknown>) => {
    const res = await context.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
      headers: { origin: baseUrl },
      data: { address: 'Berlin', assigneeIds: [tomasz], ...data },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Job;
  };
  const getJob = async (id: string) =>
    (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/jobs/${id}`)).json()) as Job;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const me = await (await context.request.get('/api/v1/me')).json();
    workspaceId = me.memberships.find((m: { workspaceSlug: string }) => m.workspaceSlug === 'demo').workspaceId;
    const members = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/members`)).json()) as Member[];
    tomasz = members.find((m) => m.email === 'tech1@demo.test')?.id ?? '';
    page = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  it('reorders a zig-zag day to drive less, and the timeline shows the new times once applied', async () => {
    const errors = trackPageErrors(page);
    const jobs: Job[] = [];
    for (const stop of stops) {
      const hour = Math.floor(stop.hour);
      const minute = (stop.hour - hour) * 60;
      jobs.push(
        await createJob({
          title: titleOf(stop.name),
          lat: 52.52,
          lng: stop.lng,
          start: utc(flexDay, hour, minute),
          end: utc(flexDay, hour + 1, minute),
          flexibleWindow: { start: utc(flexDay, 8), end: utc(flexDay, 17) },
        }),
      );
    }
    const schedule = new SchedulePage(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', flexDay);
    // Flexible jobs carry the ↔ marker on the timeline (FullCalendar hides the timeline body from
    // the accessibility tree, so it is found by its label rather than its role).
    await schedule.events(titleOf('Spandau')).locator('[aria-label="Flexible time"]').waitFor();

    const optimise = await OptimiseDialog.open(page, 'Tomasz Nowak');
    const distance = await optimise.figure('Distance');
    const drive = await optimise.figure('Drive time');
    expect(distance.planned).not.toBeNull();
    expect(distance.planned ?? Number.POSITIVE_INFINITY).toBeLessThan(distance.today);
    expect(drive.planned ?? Number.POSITIVE_INFINITY).toBeLessThan(drive.today);
    // West to east (Spandau, Moabit, Lichtenberg, Marzahn): the planned order follows the line.
    const order = await optimise.visits().allInnerTexts();
    expect(order.map((text) => stops.find((s) => text.includes(titleOf(s.name)))?.name)).toEqual([
      'Spandau',
      'Moabit',
      'Lichtenberg',
      'Marzahn',
    ]);
    expect(await optimise.dialog.getByText('Moves').count()).toBeGreaterThan(0);

    await optimise.apply.click();
    await optimise.dialog.waitFor({ state: 'detached' });
    await page.getByText(/Tomasz Nowak’s day: \d visits? moved/).waitFor();

    // The timeline shows each visit at its new time, west to east from left to right.
    const after = await Promise.all(jobs.map((j) => getJob(j.id)));
    expect(after.some((j, i) => j.start !== jobs[i]?.start)).toBe(true);
    // (Timeline events carry no time text: each one's place on the time axis is its time. An hour's
    // column header is an hour wide, so every visit sits where its new start says, counted from the
    // first. The blocks' own width is not the measure: their inset is a large share of a fitted hour.)
    const boxOf = async (title: string) => (await schedule.events(title).first().boundingBox()) ?? { x: 0, width: 0 };
    const [first] = [...after].sort((x, y) => Date.parse(x.start ?? '') - Date.parse(y.start ?? ''));
    const hourPx = async () => (await schedule.slot('T12:00').boundingBox())?.width ?? 0;
    for (const job of after) {
      const hours = (Date.parse(job.start ?? '') - Date.parse(first?.start ?? '')) / 3_600_000;
      await expect
        .poll(async () => {
          const px = (await boxOf(job.title)).x - (await boxOf(first?.title ?? '')).x;
          // Off by less than 6 minutes (events are inset a pixel or two inside their slots).
          return Math.abs(px / (await hourPx()) - hours);
        })
        .toBeLessThan(0.1);
    }
    const lefts = await Promise.all(
      ['Spandau', 'Moabit', 'Lichtenberg', 'Marzahn'].map(async (name) => (await boxOf(titleOf(name))).x),
    );
    expect([...lefts].sort((a, b) => a - b)).toEqual(lefts);
    // Still inside their windows: the optimiser moves visits, never the windows.
    for (const job of after) expect(job.flexibleWindow).toEqual(jobs.find((j) => j.id === job.id)?.flexibleWindow);
    expect(errors).toEqual([]);
  });

  it('says so when the day has no flexible visits, and offers nothing to apply', async () => {
    const errors = trackPageErrors(page);
    await createJob({
      title: titleOf('Fixed A'),
      lat: 52.52,
      lng: 13.2,
      start: utc(fixedDay, 9),
      end: utc(fixedDay, 10),
    });
    await createJob({
      title: titleOf('Fixed B'),
      lat: 52.52,
      lng: 13.6,
      start: utc(fixedDay, 11),
      end: utc(fixedDay, 12),
    });
    const schedule = new SchedulePage(page);
    await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', fixedDay);
    await schedule.events(titleOf('Fixed A')).first().waitFor();
    const optimise = await OptimiseDialog.open(page, 'Tomasz Nowak');
    await optimise.dialog.getByText(/No visits with a flexible time on this day/).waitFor();
    expect(await optimise.figures().getByRole('columnheader', { name: 'Optimised' }).count()).toBe(0);
    expect(await optimise.dialog.getByText('Fixed time').count()).toBe(2);
    expect(await optimise.apply.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await optimise.dialog.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
