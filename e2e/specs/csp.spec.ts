import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from '../support/browser.js';
import { takeCspViolations } from '../support/csp.js';

// The server's Content-Security-Policy is enforced in the browser, and the suite notices a breach:
// every other spec fails on a violation (support/csp-guard.ts); here one is caused on purpose.
describe('the Content-Security-Policy', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('is sent with the app page, and an injected inline script is refused and recorded', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByRole('button', { name: /sign in/i }).waitFor({ state: 'visible' });

    const ran = await page.evaluate(async () => {
      const flag = '__injectedInlineScriptRan';
      const script = document.createElement('script');
      script.textContent = `window.${flag} = true;`;
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as Record<string, unknown>)[flag] === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => takeCspViolations().join('\n')).toMatch(/script-src/);
    await context.close();
  });

  it('the customer’s tracking page may not use the position', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const response = await page.goto('/track/not-a-real-token');
    expect(response?.headers()['permissions-policy']).toContain('geolocation=()');
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    const allowed = await page.evaluate(() =>
      (document as unknown as { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature(
        'geolocation',
      ),
    );
    expect(allowed).toBe(false);
    await context.close();
  });
});
