import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, trackPageErrors } from '../support/browser.js';

describe('the app loads', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('sends a signed-out visitor to the sign-in page, with no page errors', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto('/');
    await page.waitForURL(/\/login/);
    // The URL changes before React has rendered the sign-in page: wait for it, don't sample once.
    await page.getByRole('button', { name: /sign in/i }).waitFor({ state: 'visible' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('answers an unknown API path with problem+json, and serves the SPA for client routes', async () => {
    const context = await newContext(browser);
    const api = await context.request.get('/api/v1/nope');
    expect(api.status()).toBe(404);
    expect(api.headers()['content-type']).toContain('application/problem+json');
    const spa = await context.request.get('/w/demo/team');
    expect(spa.status()).toBe(200);
    expect(await spa.text()).toContain('<div id="root">');
    await context.close();
  });
});
