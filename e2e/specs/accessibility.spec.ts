import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPanel } from '../pages/job-panel.js';
import { SchedulePage } from '../pages/schedule-page.js';
import { TrackingPage } from '../pages/tracking-page.js';
import { api } from '../support/api.js';
import { seriousA11yViolations } from '../support/axe.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors, uniqueEmail } from '../support/browser.js';

// DESIGN.md: "axe finds nothing serious". Every screen, as its users see it (desktop for the office,
// a 390 px phone for the technician's day and the customer's page), in the light and the dark theme
// (contrast differs): axe-core finds no serious or critical violation.

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

interface Screen {
  name: string;
  who: string | null;
  path: () => string;
  viewport?: { width: number; height: number };
  ready: (page: Page) => Promise<unknown>;
}

interface Found {
  jobId: string;
  customerId: string;
  trackPath: string;
}

const heading = (page: Page) => page.locator('h1').first().waitFor();
const events = (page: Page) => new SchedulePage(page).waitForEvents();

describe('accessibility: axe finds nothing serious on any screen (DESIGN.md)', () => {
  let browser: Browser;
  const found: Found = { jobId: '', customerId: '', trackPath: '' };

  beforeAll(async () => {
    browser = await launchBrowser();
    // A job, a customer and a live tracking link (Luca on his way, his position in) to look at.
    const office = await newContext(browser);
    await signInViaApi(office, 'dispatcher@demo.test');
    const page = await office.newPage();
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(page, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(page, 'GET', `/workspaces/${ws}/members`);
    const luca = members.find((m) => m.name === 'Luca Romano')?.id ?? '';
    const customers = await api<{ items: { id: string }[] }>(page, 'GET', `/workspaces/${ws}/customers?limit=1`);
    found.customerId = customers.items[0]?.id ?? '';
    const now = Date.now();
    const job = await api<{ id: string; version: number }>(page, 'POST', `/workspaces/${ws}/jobs`, {
      title: `Accessibility check ${now.toString(36)}`,
      customerId: found.customerId,
      address: 'Alexanderplatz 1, 10178 Berlin',
      lat: 52.5219,
      lng: 13.4132,
      start: new Date(now - 10 * 60_000).toISOString(),
      end: new Date(now + 60 * 60_000).toISOString(),
      assigneeIds: [luca],
    });
    found.jobId = job.id;
    const tech = await newContext(browser);
    await signInViaApi(tech, 'tech5@demo.test');
    const techPage = await tech.newPage();
    await api(
      techPage,
      'POST',
      `/workspaces/${ws}/jobs/${job.id}/status`,
      { status: 'en_route' },
      {
        'if-match': `"${job.version}"`,
      },
    );
    await api(techPage, 'POST', `/workspaces/${ws}/locations`, { lat: 52.515, lng: 13.4, accuracyM: 10 });
    const [link] = await api<{ url: string }[]>(page, 'GET', `/workspaces/${ws}/tracking-links?jobId=${job.id}`);
    found.trackPath = new URL(link?.url ?? baseUrl).pathname;

    // A deactivated member, so the team screen shows one whichever specs ran before.
    const owner = await newContext(browser);
    await signInViaApi(owner, 'owner@demo.test');
    const ownerPage = await owner.newPage();
    const invitation = await api<{ url: string }>(ownerPage, 'POST', `/workspaces/${ws}/invitations`, {
      email: uniqueEmail('former'),
      role: 'technician',
    });
    const invitee = await newContext(browser);
    const inviteePage = await invitee.newPage();
    const formerName = `Former Tech ${now.toString(36)}`;
    await api(inviteePage, 'POST', `/invitations/${new URL(invitation.url).pathname.split('/').pop()}/accept`, {
      name: formerName,
      password: 'a long enough password',
    });
    const team = await api<{ id: string; name: string }[]>(ownerPage, 'GET', `/workspaces/${ws}/members`);
    const former = team.find((m) => m.name === formerName)?.id ?? '';
    const deactivated = await ownerPage.request.patch(`/api/v1/workspaces/${ws}/members/${former}`, {
      data: { active: false },
      headers: { origin: baseUrl },
    });
    if (!deactivated.ok()) throw new Error(`deactivating: ${deactivated.status()} ${await deactivated.text()}`);
    for (const context of [office, tech, owner, invitee]) await context.close();
  });
  afterAll(() => browser.close());

  const screens: Screen[] = [
    {
      name: 'sign-in',
      who: null,
      path: () => '/login',
      ready: (page) => page.getByRole('button', { name: /sign in/i }).waitFor(),
    },
    { name: 'overview', who: 'dispatcher@demo.test', path: () => '/w/demo', ready: heading },
    {
      name: 'dispatch board, day timeline',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/dispatch?view=resourceTimelineDay',
      ready: events,
    },
    {
      name: 'dispatch board, week timeline',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/dispatch?view=resourceTimelineWeek',
      ready: events,
    },
    {
      // Shorter than its rows: the technicians' list scrolls (a banner above the board does the same).
      name: 'dispatch board on a short window, as a technician',
      who: 'tech1@demo.test',
      path: () => '/w/demo/dispatch?view=resourceTimelineDay',
      viewport: { width: 1280, height: 420 },
      ready: events,
    },
    {
      name: 'calendar, week',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/calendar?view=timeGridWeek',
      ready: events,
    },
    {
      name: 'calendar, month',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/calendar?view=dayGridMonth',
      ready: events,
    },
    {
      name: 'calendar, list',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/calendar?view=listWeek',
      ready: events,
    },
    {
      name: "a job's detail over the board",
      who: 'dispatcher@demo.test',
      path: () => `/w/demo/jobs/${found.jobId}`,
      ready: (page) => new JobPanel(page).panel.getByRole('heading', { level: 2 }).first().waitFor(),
    },
    {
      name: 'the new-job form',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/jobs/new',
      ready: (page) => new JobPanel(page).form.getByLabel('Title').waitFor(),
    },
    {
      name: 'map',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/map',
      ready: (page) => page.locator('.leaflet-container').first().waitFor(),
    },
    { name: 'customers', who: 'dispatcher@demo.test', path: () => '/w/demo/customers', ready: heading },
    {
      name: "a customer's page",
      who: 'dispatcher@demo.test',
      path: () => `/w/demo/customers/${found.customerId}`,
      ready: heading,
    },
    { name: 'service areas', who: 'owner@demo.test', path: () => '/w/demo/areas', ready: heading },
    { name: 'team', who: 'owner@demo.test', path: () => '/w/demo/team', ready: heading },
    { name: 'feeds', who: 'owner@demo.test', path: () => '/w/demo/feeds', ready: heading },
    { name: 'settings', who: 'owner@demo.test', path: () => '/w/demo/settings', ready: heading },
    {
      name: 'not found',
      who: 'dispatcher@demo.test',
      path: () => '/w/demo/no-such-screen',
      ready: (page) => page.getByText('Page not found').waitFor(),
    },
    {
      name: "the technician's day on a phone",
      who: 'tech1@demo.test',
      path: () => '/w/demo/my-day',
      viewport: phone,
      ready: heading,
    },
    {
      name: "the customer's tracking page on a phone",
      who: null,
      path: () => found.trackPath,
      viewport: phone,
      ready: (page) => new TrackingPage(page).map.waitFor(),
    },
  ];

  for (const screen of screens) {
    it(`${screen.name}: nothing serious, light or dark`, async () => {
      const found: Record<string, string[]> = {};
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await newContext(browser, { viewport: screen.viewport ?? desktop, colorScheme });
        if (screen.who) await signInViaApi(context, screen.who);
        const page = await context.newPage();
        const errors = trackPageErrors(page);
        await page.goto(screen.path());
        await screen.ready(page);
        // Let late parts (lazy chunks, the second slice of timeline rows) settle before looking.
        await page.waitForTimeout(500);
        found[colorScheme] = [...(await seriousA11yViolations(page)), ...errors];
        await context.close();
      }
      expect(found).toEqual({ light: [], dark: [] });
    });
  }
});
