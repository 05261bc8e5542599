import type { Customer, Job } from '@fieldplan/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}

describe('customer notifications in the office', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close();
  });

  it('the owner edits a template with its preview; a booked job lists its notification', async () => {
    const context = await newContext(browser);
    contexts.push(context);
    await signInViaApi(context, 'owner@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto('/w/demo/settings/notifications');
    const form = page.getByRole('form', { name: 'Notification settings' });
    await form.waitFor();
    const reminder = form.getByRole('group', { name: 'Reminder' });
    const subject = reminder.getByLabel('Email subject');
    await subject.fill('Hi {name}');
    await reminder.getByText('Unknown placeholder {name}').waitFor();
    const suffix = Date.now().toString(36);
    await subject.fill(`See you {window}, {customer} ${suffix}`);
    await reminder.getByRole('figure', { name: 'Preview of Reminder' }).getByText(`See you`).first().waitFor();
    expect(await reminder.getByRole('figure').textContent()).toContain(`Anna Schmidt ${suffix}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notification settings saved').waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('group', { name: 'Reminder' }).getByLabel('Email subject').inputValue())
      .toBe(`See you {window}, {customer} ${suffix}`);

    // A job booked for a customer with an email address: its panel lists the confirmation and the reminder.
    const me = await api<Me>(page, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; role: string }[]>(page, 'GET', `/workspaces/${ws}/members`);
    const tech = members.find((m) => m.role === 'technician')?.id ?? '';
    const customer = await api<Customer>(page, 'POST', `/workspaces/${ws}/customers`, {
      name: `Notified ${suffix}`,
      email: `notified-${suffix}@example.test`,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
    });
    const start = Date.UTC(2027, 5, 9, 8, 0);
    const job = await api<Job>(page, 'POST', `/workspaces/${ws}/jobs`, {
      title: `Notified visit ${suffix}`,
      customerId: customer.id,
      start: new Date(start).toISOString(),
      end: new Date(start + 3_600_000).toISOString(),
      assigneeIds: [tech],
    });
    await page.goto(`/w/demo/jobs/${job.id}`);
    const list = page.getByRole('region', { name: 'Customer notifications' });
    await list.getByText(`Booking confirmed · Email to notified-${suffix}@example.test`).waitFor();
    await list.getByText(`Reminder · Email to notified-${suffix}@example.test`).waitFor();
    expect(errors).toEqual([]);
  });
});
