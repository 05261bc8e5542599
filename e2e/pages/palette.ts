import type { Locator, Page } from 'playwright-core';

/** The command palette (Ctrl-K, or the top bar's Search box): a combobox over grouped results. */
export class Palette {
  readonly button: Locator;
  readonly dialog: Locator;
  readonly input: Locator;
  readonly results: Locator;

  constructor(private readonly page: Page) {
    this.button = page.getByRole('banner').getByRole('button', { name: /^Search/ });
    this.dialog = page.getByRole('dialog', { name: 'Search' });
    this.input = this.dialog.getByRole('combobox');
    this.results = this.dialog.getByRole('listbox', { name: 'Results' });
  }

  async openWithKeys(): Promise<void> {
    await this.button.waitFor();
    await this.page.keyboard.press('Control+k');
    await this.input.waitFor();
  }

  async openWithButton(): Promise<void> {
    await this.button.click();
    await this.input.waitFor();
  }

  /** Types key by key, as a person does (each key a new query). */
  async type(text: string): Promise<void> {
    await this.input.pressSequentially(text);
  }

  /** The results group (Jobs, Customers, Addresses, Technicians, Screens). */
  group(name: string): Locator {
    return this.results.getByRole('group', { name });
  }

  option(group: string, label: string): Locator {
    return this.group(group).getByRole('option').filter({ hasText: label });
  }

  /** The option the arrows point at (the input's aria-activedescendant). */
  async activeOption(): Promise<string | null> {
    const id = await this.input.getAttribute('aria-activedescendant');
    return id ? this.dialog.locator(`[id="${id}"]`).textContent() : null;
  }
}
