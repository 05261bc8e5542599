import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Content-Security-Policy violations seen by any page of the run, as one line each. The setup file
 * (`csp-guard.ts`) fails the test that was running when one was recorded, and starts the next empty.
 */
const violations: string[] = [];

/** The violations recorded since the last call, which clears them. */
export function takeCspViolations(): string[] {
  return violations.splice(0, violations.length);
}

const bindingName = '__fieldplanCspViolation';

interface ViolationReport {
  directive: string;
  blocked: string;
  source: string;
  page: string;
}

/**
 * Records every CSP violation of the context's pages: the `securitypolicyviolation` event (its
 * directive and what was blocked), and Chromium's console message for those the event misses (e.g.
 * in a service worker).
 */
export async function watchCsp(context: BrowserContext): Promise<void> {
  await context.exposeBinding(bindingName, (_source, report: ViolationReport) => {
    violations.push(
      `${report.directive} blocked ${report.blocked || '(inline)'} at ${report.source} on ${report.page}`,
    );
  });
  await context.addInitScript((name: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, ((r: unknown) => void) | undefined>)[name];
      report?.({
        directive: event.effectiveDirective,
        blocked: event.blockedURI,
        source: `${event.sourceFile}:${event.lineNumber}`,
        page: location.pathname,
      });
    });
  }, bindingName);
  context.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy/i.test(text)) violations.push(`console: ${text}`);
  });
}

/** Makes every context of `browser` (from `newContext` or `newPage`) record its CSP violations. */
export function watchCspOf(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watchCsp(context);
    return context;
  };
  return browser;
}
