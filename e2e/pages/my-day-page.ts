import type { Locator, Page } from 'playwright-core';

/** `/w/:slug/my-day`: the technician's day on a phone. */
export class MyDayPage {
  readonly sync: Locator;

  constructor(private readonly page: Page) {
    this.sync = page.locator('.myday-sync');
  }

  async goto(slug: string, date?: string): Promise<void> {
    await this.page.goto(`/w/${slug}/my-day${date ? `?date=${date}` : ''}`);
    await this.page.getByRole('heading', { level: 1 }).waitFor();
  }

  /** A visit's card, found by its title. */
  card(title: string): Locator {
    return this.page.getByRole('article', { name: new RegExp(`${title}$`) });
  }

  /** The one big next-status button of a visit ("On my way", "Start work", "Complete"). */
  advance(title: string, label: 'On my way' | 'Start work' | 'Complete'): Locator {
    return this.card(title).getByRole('button', { name: label });
  }

  status(title: string): Locator {
    return this.card(title).locator('.status');
  }

  /** A refused change whose visit is no longer on the day shown, named by the job's title. */
  refusedElsewhere(title: string): Locator {
    return this.page
      .getByRole('region', { name: 'Status changes not sent' })
      .getByRole('alert')
      .filter({ hasText: title });
  }

  waiting(title: string): Locator {
    return this.card(title).locator('.myday-waiting');
  }

  /** Resolves once the service worker controls the page (offline reading works from then on). */
  async serviceWorkerReady(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  }
}
