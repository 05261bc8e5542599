import type { Locator, Page } from 'playwright-core';
import { choosePlace } from './places-combobox.js';

export interface NewJob {
  title: string;
  /** Typed into the customer combobox; its first suggestion is chosen. */
  customer?: string;
  /** A place chosen in the site address combobox (instead of, or over, the customer's). */
  place?: PlaceChoice;
  /** Local wall times of the workspace, `YYYY-MM-DDTHH:mm`. */
  start: string;
  end: string;
  technician: string;
  weeklyTimes?: number;
}

export interface PlaceChoice {
  /** What is typed. */
  query: string;
  /** The suggestion to choose (by its text), reached with ArrowDown and chosen with Enter. */
  option: RegExp;
}

/** The job panel that opens over the board: the form (new / edit) and the detail. */
export class JobPanel {
  readonly form: Locator;
  readonly panel: Locator;
  /** The site address: the places combobox. */
  readonly site: Locator;
  /** The pin picker's map under it. */
  readonly pinMap: Locator;
  /** Leaflet's pin in it (a keyboard-focusable marker). */
  readonly pin: Locator;
  /** "Adjust pin": opens and closes the pin map. */
  readonly adjust: Locator;
  /** "Pin at …" beside it, with the exact position as its value. */
  readonly pinAt: Locator;
  /** The duration (minutes) under the end. */
  readonly duration: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Job' });
    this.panel = page.locator('aside.drawer');
    this.site = this.form.getByRole('combobox', { name: /Site address/ });
    this.pinMap = this.form.getByRole('region', { name: 'Position on the map' });
    this.pin = this.pinMap.getByRole('button', { name: 'Site position' });
    this.adjust = this.form.getByRole('button', { name: /^(Adjust pin|Done)$/ });
    this.pinAt = this.form.locator('data.place-pin-at');
    this.duration = this.form.getByLabel('Duration');
  }

  /** Chooses a place for the site with the keyboard. */
  choosePlace({ query, option }: PlaceChoice): Promise<void> {
    return choosePlace(this.site, this.page.getByRole('listbox', { name: /Site address suggestions/ }), query, option);
  }

  /** The pin's position as the form holds it (the exact value behind "Pin at …"). */
  async position(): Promise<{ lat: number; lng: number }> {
    const value = (await this.pinAt.getAttribute('value')) ?? '';
    const [lat, lng] = value.split(',').map(Number);
    return { lat: lat ?? Number.NaN, lng: lng ?? Number.NaN };
  }

  /** Opens the pin map ("Adjust pin"), unless it is open. */
  async adjustPin(): Promise<void> {
    if ((await this.adjust.getAttribute('aria-expanded')) !== 'true') await this.adjust.click();
    await this.pinMap.waitFor();
  }

  /** Drags the pin by (dx, dy) pixels with the mouse. */
  async dragPin(dx: number, dy: number): Promise<void> {
    await this.adjustPin();
    await this.pin.scrollIntoViewIfNeeded();
    const box = await this.pin.boundingBox();
    if (!box) throw new Error('the pin is not on screen');
    // Leaflet's pin is anchored at its tip; grab it by its head.
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 3;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    for (let step = 1; step <= 8; step++) await this.page.mouse.move(x + (dx * step) / 8, y + (dy * step) / 8);
    await this.page.mouse.up();
  }

  /** Drops the pin with a click on the pin map, (dx, dy) pixels from its centre. */
  async dropPin(dx: number, dy: number): Promise<void> {
    await this.adjustPin();
    await this.pinMap.scrollIntoViewIfNeeded();
    const box = await this.pinMap.locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('the pin map is not on screen');
    await this.page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
  }

  /** Fills the new-job form and creates the job; returns its id (from the URL it lands on). */
  async create(job: NewJob): Promise<string> {
    await this.form.waitFor();
    await this.form.getByLabel('Title').fill(job.title);
    if (job.customer) {
      const customer = this.form.getByRole('combobox', { name: /Customer/ });
      await customer.fill(job.customer);
      await this.page.getByRole('listbox', { name: 'Customers' }).getByRole('option').first().waitFor();
      await customer.press('ArrowDown');
      await customer.press('Enter');
    }
    if (job.place) await this.choosePlace(job.place);
    await this.fillWhen('Start', job.start);
    await this.fillWhen('End', job.end);
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

  /** The date of "Start" or "End" (or a date alone when all-day), typed in the workspace's order. */
  dateField(label: 'Start' | 'End'): Locator {
    return this.form.getByLabel(label, { exact: true });
  }

  /** The time beside it ("Start, time"), on the workspace's clock. */
  timeField(label: 'Start' | 'End'): Locator {
    return this.form.getByLabel(`${label}, time`, { exact: true });
  }

  /**
   * Types a local wall time (`YYYY-MM-DDTHH:mm`, or a date) into a date and its time: the date
   * field reads ISO in every order and the time field 24-hour times on either clock.
   */
  async fillWhen(label: 'Start' | 'End', value: string): Promise<void> {
    await this.dateField(label).fill(value.slice(0, 10));
    if (value.length > 10) await this.timeField(label).fill(value.slice(11, 16));
  }

  /** What a date and its time show, as the workspace writes them: "15/03/2027 14:00". */
  async whenText(label: 'Start' | 'End'): Promise<string> {
    const date = await this.dateField(label).inputValue();
    const time = this.timeField(label);
    return (await time.count()) > 0 ? `${date} ${await time.inputValue()}` : date;
  }

  async close(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Close' }).click();
    await this.panel.waitFor({ state: 'detached' });
  }
}
