import type { Customer } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerPage } from '../pages/customer-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

const stamp = Date.now().toString(36);

// A customer's own language (docs/PRODUCT.md, "Languages"): set by the office, kept by the server.
describe('a customer’s language', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let workspaceId = '';
  let customer: Customer | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    page = await context.newPage();
    errors = trackPageErrors(page);
    const me = await api<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>('/me');
    workspaceId = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
  });
  afterAll(async () => {
    // Other specs see the demo's customers: take this one away again.
    if (customer) {
      await context.request.delete(`/api/v1/workspaces/${workspaceId}/customers/${customer.id}`, {
        headers: { origin: baseUrl },
      });
    }
    await context.close();
    await browser.close();
  });

  async function api<T>(path: string): Promise<T> {
    const response = await context.request.get(`/api/v1${path}`);
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  it('the office sets it in the customer form; the customer page shows it and the server keeps it', async () => {
    const created = await context.request.post(`/api/v1/workspaces/${workspaceId}/customers`, {
      headers: { origin: baseUrl },
      data: { name: `Language e2e ${stamp}`, address: 'Alexanderplatz 1, 10178 Berlin', lat: 52.5219, lng: 13.4132 },
    });
    expect(created.status(), await created.text()).toBe(201);
    customer = (await created.json()) as Customer;
    const detail = new CustomerPage(page);
    await detail.goto('demo', customer.id);
    expect(await detail.detail('Language').textContent()).toBe('Workspace default (English)');

    await detail.edit();
    expect(await detail.language.inputValue()).toBe('');
    await detail.language.selectOption({ label: 'Deutsch' });
    await detail.save();
    await detail.detail('Language').filter({ hasText: 'Deutsch' }).waitFor();
    expect(await detail.detail('Language').locator('[lang="de"]').count()).toBe(1);
    const saved = await api<Customer>(`/workspaces/${workspaceId}/customers/${customer.id}`);
    expect(saved).toMatchObject({ language: 'de', version: customer.version + 1 });

    // Back to the workspace's language: saved as none.
    await detail.edit();
    expect(await detail.language.inputValue()).toBe('de');
    await detail.language.selectOption({ label: 'Workspace default' });
    await detail.save();
    await detail.detail('Language').filter({ hasText: 'Workspace default' }).waitFor();
    expect((await api<Customer>(`/workspaces/${workspaceId}/customers/${customer.id}`)).language).toBeNull();
    expect(errors).toEqual([]);
  });
});
