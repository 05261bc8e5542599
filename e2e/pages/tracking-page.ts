import type { Locator, Page } from 'playwright-core';

/** `/track/:token`: the customer's page, opened with no session. */
export class TrackingPage {
  readonly headline: Locator;
  readonly map: Locator;
  readonly expired: Locator;

  constructor(private readonly page: Page) {
    this.headline = page.locator('.track-status');
    this.map = page.getByRole('region', { name: 'Map of the technician’s approximate position' });
    this.expired = page.getByRole('heading', { name: 'This link has expired' });
  }

  async open(url: string): Promise<void> {
    await this.page.goto(url);
  }

  /** The coarse position the map shows. */
  async position(): Promise<{ lat: number; lng: number }> {
    const lat = Number(await this.map.getAttribute('data-lat'));
    const lng = Number(await this.map.getAttribute('data-lng'));
    return { lat, lng };
  }
}
