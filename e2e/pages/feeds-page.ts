import type { Locator, Page } from 'playwright-core';

export interface NewSubscription {
  name: string;
  url: string;
  /** A technician's name, or undefined for the whole workspace. */
  busyTimeOf?: string;
}

/** `/w/:slug/feeds`: calendar subscriptions (import) and iCal links (export). */
export class FeedsPage {
  readonly heading: Locator;
  readonly subscriptions: Locator;
  readonly links: Locator;
  readonly createdLink: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Calendar feeds', level: 1 });
    this.subscriptions = page.getByRole('list', { name: 'Calendar subscriptions' });
    this.links = page.getByRole('list', { name: 'iCal links' });
    this.createdLink = page.getByRole('region', { name: 'New iCal link' });
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/w/${slug}/feeds`);
    await this.heading.waitFor();
    await this.page.getByText('Loading subscriptions…').waitFor({ state: 'detached' });
  }

  /** Fills the new-subscription dialog and sends it; answers the dialog (it closes once subscribed). */
  async subscribe(feed: NewSubscription): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Add subscription' }).first().click();
    const dialog = this.page.getByRole('dialog', { name: 'Subscribe to a calendar' });
    await dialog.getByLabel('Name').fill(feed.name);
    await dialog.getByLabel('Calendar address (URL)').fill(feed.url);
    if (feed.busyTimeOf) await dialog.getByLabel('Busy time of').selectOption({ label: feed.busyTimeOf });
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    return dialog;
  }

  /** One subscription's row. */
  subscription(name: string): Locator {
    return this.subscriptions.getByRole('listitem').filter({ hasText: name });
  }

  /** Creates a link to a technician's jobs (or the whole workspace) and copies it; answers what was copied. */
  async createLink(jobsOf: string): Promise<string> {
    await this.page.getByLabel('Link to the jobs of').selectOption({ label: jobsOf });
    await this.page.getByRole('button', { name: 'Create link' }).click();
    await this.createdLink.getByRole('button', { name: 'Copy' }).click();
    await this.page.getByText(/^Link copied/).waitFor();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  async revoke(hint: string): Promise<void> {
    await this.links.getByRole('button', { name: `Revoke link …${hint}` }).click();
    await this.page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click();
    await this.page.getByText(`Link …${hint} revoked`, { exact: false }).waitFor();
  }
}
