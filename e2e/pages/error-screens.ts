import type { Locator, Page } from 'playwright-core';

/** What the app shows when something fails: the error page, toasts, banners, dialogs. */
export class ErrorScreens {
  /** The error boundary's page. */
  readonly crashed: Locator;
  /** Its "reference" (the error report's event id). */
  readonly reference: Locator;
  readonly offlineBanner: Locator;
  /** The notification area: error toasts are alerts in it. */
  readonly toasts: Locator;

  constructor(private readonly page: Page) {
    this.crashed = page.getByRole('heading', { name: 'Something went wrong', level: 1 });
    this.reference = page.getByTestId('error-reference');
    this.offlineBanner = page.getByTestId('offline-banner');
    this.toasts = page.getByRole('region', { name: 'Notifications' });
  }

  toast(text: string | RegExp): Locator {
    return this.toasts.locator('.toast').filter({ hasText: text });
  }

  conflictDialog(noun: string): Locator {
    return this.page.getByRole('alertdialog', { name: `Someone else changed this ${noun}` });
  }
}
