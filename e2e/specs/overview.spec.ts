import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OverviewPage } from '../pages/overview-page.js';
import { api } from '../support/api.js';
import { launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}
interface Job {
  id: string;
  version: number;
}

const minute = 60_000;

describe('the morning Overview', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let office: Page;
  let ws = '';
  beforeAll(async () => {
    browser = await launchBrowser();
    const context = await newContext(browser);
    contexts.push(context);
    await signInViaApi(context, 'dispatcher@demo.test');
    office = await context.newPage();
    const me = await api<Me>(office, 'GET', '/me');
    ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  it('shows counts of what needs attention today, and each line opens the board filtered to it', async () => {
    const errors = trackPageErrors(office);
    const members = await api<{ id: string; name: string }[]>(office, 'GET', `/workspaces/${ws}/members`);
    const aylin = members.find((m) => m.name === 'Aylin Demir')?.id ?? '';
    const suffix = Date.now().toString(36);
    const now = Date.now();
    // A visit that began 20 minutes ago with nobody on the way, and one already on the way.
    const job = (title: string, from: number, to: number) =>
      api<Job>(office, 'POST', `/workspaces/${ws}/jobs`, {
        title,
        address: 'Torstraße 1, 10119 Berlin',
        start: new Date(now + from * minute).toISOString(),
        end: new Date(now + to * minute).toISOString(),
        assigneeIds: [aylin],
      });
    await job(`Late tap ${suffix}`, -20, 40);
    const out = await job(`Driving boiler ${suffix}`, -5, 55);
    await api(
      office,
      'POST',
      `/workspaces/${ws}/jobs/${out.id}/status`,
      { status: 'en_route' },
      {
        'if-match': `"${out.version}"`,
      },
    );
    await api(office, 'POST', `/workspaces/${ws}/jobs`, { title: `Waiting gutter ${suffix}`, address: 'Torstraße 2' });
    // Timed but nobody assigned: in the board's queue too (waiting for a technician).
    await api(office, 'POST', `/workspaces/${ws}/jobs`, {
      title: `Nobody's drain ${suffix}`,
      address: 'Torstraße 3',
      start: new Date(now + 24 * 60 * minute).toISOString(),
      end: new Date(now + 25 * 60 * minute).toISOString(),
    });

    const overview = new OverviewPage(office);
    await overview.goto('demo');
    await overview.lines.waitFor();
    expect(await overview.allClear.count()).toBe(0);
    const waiting = await overview.count('unscheduled');
    expect(waiting).toBeGreaterThanOrEqual(2);
    expect(await overview.count('late')).toBeGreaterThanOrEqual(1);
    expect(await overview.count('en-route')).toBeGreaterThanOrEqual(1);

    const opens = async (kind: string, status: string | null) => {
      await overview.goto('demo');
      await overview.line(kind).click();
      await office.waitForURL(/\/w\/demo\/dispatch\?/);
      const url = new URL(office.url());
      expect(url.searchParams.get('status')).toBe(status);
      expect(url.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      // The board keeps the filter it was opened with.
      await office.locator('.fc-timeline-body, .fc-list').first().waitFor();
      expect(new URL(office.url()).searchParams.get('status')).toBe(status);
    };
    await opens('late', 'scheduled');
    await office
      .locator('.fc-event', { hasText: `Late tap ${suffix}` })
      .first()
      .waitFor();
    await opens('en-route', 'en_route');
    await office
      .locator('.fc-event', { hasText: `Driving boiler ${suffix}` })
      .first()
      .waitFor();
    expect(await office.locator('.fc-event', { hasText: `Late tap ${suffix}` }).count()).toBe(0);
    await opens('unscheduled', null);
    const queue = office.getByRole('list', { name: 'Unscheduled jobs' });
    await queue.getByText(`Waiting gutter ${suffix}`).waitFor();
    await queue.getByText(`Nobody's drain ${suffix}`).waitFor();
    // The Overview counts what the queue holds.
    expect(Number(await office.locator('.queue-count').textContent())).toBe(waiting);
    expect(errors).toEqual([]);
  });
});
