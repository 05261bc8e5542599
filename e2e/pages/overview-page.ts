import type { Locator, Page } from 'playwright-core';

/** `/w/:slug`: the Overview — today at a glance, each line a link into the board. */
export class OverviewPage {
  readonly glance: Locator;
  readonly lines: Locator;
  readonly allClear: Locator;

  constructor(private readonly page: Page) {
    this.glance = page.getByRole('region', { name: 'Today at a glance' });
    this.lines = this.glance.getByRole('list', { name: 'Needs attention today' });
    this.allClear = this.glance.getByText('All clear.');
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/w/${slug}`);
    await this.glance.waitFor();
  }

  /** The line of one kind: unscheduled, overdue, late, drives, double, feeds, en-route, on-site. */
  line(kind: string): Locator {
    return this.lines.locator(`[data-glance="${kind}"] a`);
  }

  /** The number a line counts. */
  async count(kind: string): Promise<number> {
    return Number(await this.line(kind).locator('.glance-count').textContent());
  }
}
