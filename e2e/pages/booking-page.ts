import type { Locator, Page } from 'playwright-core';

export interface BookingDetails {
  name: string;
  email: string;
  phone?: string;
  notes?: string;
}

/** `/book/:slug`: the public booking page, step by step as a customer goes through it. */
export class BookingPage {
  readonly company: Locator;
  readonly address: Locator;
  readonly slots: Locator;
  readonly confirmation: Locator;

  constructor(private readonly page: Page) {
    this.company = page.getByRole('heading', { level: 1 });
    this.address = page.getByRole('combobox', { name: 'Address of the visit' });
    this.slots = page.getByRole('region', { name: /Choose a time/ }).locator('button.book-slot');
    this.confirmation = page.getByRole('heading', { name: /^(Request sent|Your visit is booked)$/ });
  }

  async open(slug: string): Promise<void> {
    await this.page.goto(`/book/${slug}`);
    await this.company.waitFor();
  }

  async chooseService(name: string): Promise<void> {
    await this.page.getByRole('button', { name: new RegExp(`^${name}`) }).click();
  }

  /** Types into the address combobox and picks the first suggestion with the keyboard. */
  async chooseAddress(text: string): Promise<void> {
    await this.address.fill(text);
    await this.page.getByRole('listbox').getByRole('option').first().waitFor();
    await this.address.press('ArrowDown');
    await this.address.press('Enter');
  }

  /** Picks the first suggested time and answers its label ("09:00 with Tomasz"). */
  async chooseFirstSlot(): Promise<string> {
    await this.slots.first().waitFor();
    const label = (await this.slots.first().innerText()).replace(/\s+/g, ' ').trim();
    await this.slots.first().click();
    return label;
  }

  async submit(details: BookingDetails): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Your details' });
    await form.getByLabel('Name').fill(details.name);
    await form.getByLabel('Email').fill(details.email);
    if (details.phone) await form.getByLabel(/^Phone/).fill(details.phone);
    if (details.notes) await form.getByLabel(/^Notes/).fill(details.notes);
    await form.getByRole('button', { name: 'Request this time' }).click();
  }
}
