import type { Page } from 'playwright-core';

export interface NewAccount {
  name: string;
  email: string;
  password: string;
  workspaceName: string;
}

/** `/signup`: create an account and its workspace. */
export class SignUpPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/signup');
  }

  /** Fills the form and submits; resolves once the new workspace's overview is open. Returns its slug. */
  async signUp(account: NewAccount): Promise<string> {
    await this.page.getByLabel('Your name').fill(account.name);
    await this.page.getByLabel('Work email').fill(account.email);
    await this.page.getByLabel('Password').fill(account.password);
    await this.page.getByLabel('Workspace name').fill(account.workspaceName);
    await this.page.getByRole('button', { name: 'Create workspace' }).click();
    await this.page.waitForURL(/\/w\/[a-z0-9-]+$/);
    const slug = new URL(this.page.url()).pathname.split('/')[2];
    if (!slug) throw new Error(`no workspace slug in ${this.page.url()}`);
    return slug;
  }
}
