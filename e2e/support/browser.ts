import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { watchCspOf } from './csp.js';

/** The Fieldplan under test (started by e2e/run.mjs). */
export const baseUrl = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

export const demoPassword = 'fieldplan-demo';

/**
 * Debian's Chromium, headless; the flags keep it from calling home. Its contexts record CSP
 * violations, which fail the running test (support/csp-guard.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  return watchCspOf(browser);
}

export interface ContextOptions {
  viewport?: { width: number; height: number };
  colorScheme?: 'light' | 'dark';
}

/** A fresh browser profile (its own cookies) that fails the test on any uncaught page error. */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/** Collects uncaught errors of a page so a spec can assert there were none. */
export function trackPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

/** Signs a context in through the API (fast path for specs that are not about signing in). */
export async function signInViaApi(context: BrowserContext, email: string, password = demoPassword): Promise<void> {
  const res = await context.request.post('/api/v1/auth/sign-in', {
    data: { email, password },
    headers: { origin: baseUrl },
  });
  if (!res.ok()) throw new Error(`sign-in as ${email} failed: ${res.status()} ${await res.text()}`);
}

let unique = 0;
/** An email no other spec run uses. */
export function uniqueEmail(prefix: string): string {
  unique += 1;
  return `${prefix}-${Date.now().toString(36)}-${unique}@example.test`;
}
