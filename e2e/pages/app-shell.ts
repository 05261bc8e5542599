import type { Locator, Page } from 'playwright-core';

/** The top bar of every workspace screen: navigation and the user menu. */
export class AppShell {
  readonly nav: Locator;

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' });
  }

  navLink(name: 'Overview' | 'Team' | 'Settings'): Locator {
    return this.nav.getByRole('link', { name, exact: true });
  }

  async open(name: 'Overview' | 'Team' | 'Settings'): Promise<void> {
    await this.navLink(name).click();
  }

  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: /^Account:/ }).click();
    await this.page.getByRole('menuitem', { name: 'Sign out' }).click();
  }
}
