import type { Locator, Page } from 'playwright-core';

/** `/w/:slug/my-day`: the technician's day on a phone. */
export class MyDayPage {
  readonly sync: Locator;
  /** What is left to do, the next visit first. */
  readonly todo: Locator;
  /** The "Done (n)" disclosure button. */
  readonly doneToggle: Locator;
  readonly shareSwitch: Locator;

  constructor(private readonly page: Page) {
    this.sync = page.locator('.myday-sync');
    this.todo = page.getByRole('list', { name: 'To do' });
    this.doneToggle = page.getByRole('button', { name: /^Done \(\d+\)$/ });
    this.shareSwitch = page.getByRole('switch', { name: /Share my location/ });
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

  /** The accessible names of the "To do" cards, top first ("09:15–10:15 Boiler service"). */
  async todoNames(): Promise<string[]> {
    return this.todo.getByRole('article').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label') ?? ''));
  }

  /** The card's warning that the customer can't see the technician coming (en route, not sharing). */
  sharingHint(title: string): Locator {
    return this.card(title).getByRole('status').filter({ hasText: 'Customer can’t see you coming' });
  }

  /**
   * Resolves once the service worker holds what a first offline reload needs: the session (`/me`)
   * and the day, which the page fetched before the worker existed.
   */
  async offlineReady(): Promise<void> {
    await this.page.waitForFunction(
      async () => {
        const keys = (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys())))
          .flat()
          .map((request) => new URL(request.url).pathname);
        return (
          keys.includes('/api/v1/me') &&
          keys.some((p) => /\/my-day$/.test(p)) &&
          keys.some((p) => p.startsWith('/assets/'))
        );
      },
      undefined,
      { timeout: 15_000, polling: 250 },
    );
  }

  /** Resolves once the service worker controls the page (offline reading works from then on). */
  async serviceWorkerReady(): Promise<void> {
    await this.page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 15_000 });
  }
}
