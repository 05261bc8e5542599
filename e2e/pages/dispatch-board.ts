import type { Locator, Page } from 'playwright-core';

/** The dispatch board's side parts: the queue, the day summary, toasts after a move. */
export class DispatchBoard {
  readonly queue: Locator;

  constructor(private readonly page: Page) {
    this.queue = page.getByRole('list', { name: 'Unscheduled jobs' });
  }

  /** A job of the queue, by its title. */
  queued(title: string): Locator {
    return this.queue.getByRole('listitem').filter({ hasText: title });
  }

  /** The toast a write leaves (its text, and Undo). */
  toast(text: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: text });
  }

  /** Opens the Summary (a tab beside the map, or a pane of its own) and answers it. */
  async summary(): Promise<Locator> {
    const tab = this.page.getByRole('tab', { name: 'Summary', exact: true });
    if (await tab.isVisible()) await tab.click();
    const summary = this.page.getByRole('region', { name: 'Day summary' });
    await summary.waitFor();
    return summary;
  }

  /** The number of a Summary total ("Jobs", "Unassigned", "Double-booked"). */
  async total(name: string): Promise<string> {
    const summary = await this.summary();
    const row = summary.locator('.summary-totals > div').filter({ has: this.page.getByText(name, { exact: true }) });
    return ((await row.locator('dd').textContent()) ?? '').trim();
  }
}
