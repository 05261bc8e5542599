import type { Locator, Page } from 'playwright-core';

/** `/invite/:token`: accept an invitation. */
export class InvitePage {
  constructor(private readonly page: Page) {}

  heading(workspaceName: string, role: string): Locator {
    return this.page.getByRole('heading', { name: `Join ${workspaceName} as ${role}` });
  }

  /** A newcomer creates the account and joins; resolves on the workspace overview. */
  async createAccountAndJoin(name: string, password: string): Promise<void> {
    await this.page.getByLabel('Your name').fill(name);
    await this.page.getByLabel('Choose a password').fill(password);
    await this.page.getByRole('button', { name: 'Create account and join' }).click();
    await this.page.waitForURL(/\/w\/[a-z0-9-]+$/);
  }
}
