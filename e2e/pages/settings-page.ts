import type { Locator, Page } from 'playwright-core';

/** `/w/:slug/settings`: the workspace settings form, its map centre pin, the save bar. */
export class SettingsPage {
  readonly form: Locator;
  readonly defaultJobLength: Locator;
  /** The map centre's pin map and its pin (a keyboard-focusable marker). */
  readonly centreMap: Locator;
  readonly centrePin: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Workspace settings' });
    this.defaultJobLength = this.form.getByLabel('Default job length');
    this.centreMap = this.form.getByRole('region', { name: 'Map centre' });
    this.centrePin = this.centreMap.getByRole('button', { name: 'Map centre', exact: true });
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/w/${slug}/settings`);
    await this.form.waitFor();
  }

  async save(): Promise<void> {
    await this.form.getByRole('button', { name: 'Save changes' }).click();
    await this.form.getByText('All changes saved').waitFor();
  }
}
