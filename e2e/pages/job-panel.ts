import type { Locator, Page } from 'playwright-core';

export interface NewJob {
  title: string;
  customer: string;
  /** Local wall times of the workspace, `YYYY-MM-DDTHH:mm`. */
  start: string;
  end: string;
  technician: string;
  weeklyTimes?: number;
}

/** The job panel that opens over the board: the form (new / edit) and the detail. */
export class JobPanel {
  readonly form: Locator;
  readonly panel: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Job' });
    this.panel = page.locator('aside.drawer');
  }

  /** Fills the new-job form and creates the job; returns its id (from the URL it lands on). */
  async create(job: NewJob): Promise<string> {
    await this.form.waitFor();
    await this.form.getByLabel('Title').fill(job.title);
    const customer = this.form.getByRole('combobox', { name: /Customer/ });
    await customer.fill(job.customer);
    await this.page.getByRole('listbox', { name: 'Customers' }).getByRole('option').first().waitFor();
    await customer.press('ArrowDown');
    await customer.press('Enter');
    await this.form.getByLabel('Start').fill(job.start);
    await this.form.getByLabel('End').fill(job.end);
    await this.form.getByRole('checkbox', { name: job.technician }).check();
    if (job.weeklyTimes) {
      await this.form.getByRole('combobox', { name: 'Repeat' }).selectOption('WEEKLY');
      await this.form.getByRole('radio', { name: 'After a number of times' }).check();
      await this.form.getByLabel('Number of occurrences').fill(String(job.weeklyTimes));
    }
    await this.page.getByRole('button', { name: 'Create job' }).click();
    await this.page.waitForURL(/\/jobs\/[0-9a-f-]{36}(\?|$)/);
    return /\/jobs\/([0-9a-f-]{36})/.exec(this.page.url())?.[1] ?? '';
  }

  summary(): Locator {
    return this.form.locator('.recurrence-summary');
  }

  async close(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Close' }).click();
    await this.panel.waitFor({ state: 'detached' });
  }
}
