import type { Locator, Page } from 'playwright-core';
import { choosePlace } from './places-combobox.js';

/** `/w/:slug/customers/:id`: contact, the map of the customer and their job sites, the jobs; the edit dialog. */
export class CustomerPage {
  readonly heading: Locator;
  readonly dialog: Locator;
  /** The address combobox in the edit dialog. */
  readonly address: Locator;
  /** The language select in the edit dialog (Workspace default, English, Deutsch). */
  readonly language: Locator;
  readonly tooltip: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.dialog = page.getByRole('dialog');
    this.address = this.dialog.getByRole('combobox', { name: 'Address' });
    this.language = this.dialog.getByRole('combobox', { name: 'Language' });
    this.tooltip = page.locator('.leaflet-tooltip');
  }

  async goto(slug: string, id: string): Promise<void> {
    await this.page.goto(`/w/${slug}/customers/${id}`);
    await this.heading.waitFor();
  }

  /** A value of the contact panel's list, by its term ("Language", "Phone" …). */
  detail(term: string): Locator {
    return this.page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
  }

  /** The detail's map (named after the customer). */
  map(name: string): Locator {
    return this.page.getByRole('region', { name: `Map of ${name}` });
  }

  async edit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Edit' }).click();
    await this.address.waitFor();
  }

  /** Chooses a place for the address with the keyboard. */
  choosePlace(query: string, option: RegExp): Promise<void> {
    return choosePlace(this.address, this.page.getByRole('listbox', { name: 'Address suggestions' }), query, option);
  }

  async save(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Save' }).click();
    await this.dialog.waitFor({ state: 'detached' });
  }

  /** Moves the mouse to the centre of the customer's map (where the customer is kept). */
  async hoverMapCentre(name: string): Promise<void> {
    const box = await this.map(name).locator('.leaflet-container').boundingBox();
    if (!box) throw new Error('the map is not on screen');
    await this.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  }
}
