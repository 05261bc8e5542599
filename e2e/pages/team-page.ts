import type { Locator, Page } from 'playwright-core';

export interface CreatedInvite {
  /** The link as the page shows it. */
  shown: string;
  /** The link as the Copy button put it on the clipboard. */
  copied: string;
}

/** `/w/:slug/team`: members, and for owners the invite form and member controls. */
export class TeamPage {
  readonly heading: Locator;
  readonly members: Locator;
  readonly inviteForm: Locator;
  /** Every owner-only control on the screen (role selects, colour buttons, (de)activate). */
  readonly ownerControls: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Team', level: 1 });
    this.members = page.getByRole('table');
    this.inviteForm = page.getByRole('form', { name: 'Invite someone' });
    this.ownerControls = page
      .getByRole('combobox', { name: /^Role of / })
      .or(page.getByRole('button', { name: /^Colour of / }))
      .or(page.getByRole('button', { name: /^(Deactivate|Reactivate) / }));
  }

  async goto(slug: string): Promise<void> {
    await this.page.goto(`/w/${slug}/team`);
    await this.heading.waitFor();
  }

  member(name: string): Locator {
    return this.members.getByRole('row').filter({ hasText: name });
  }

  /** Creates an invite link, clicks Copy, and returns the link as shown and as copied. */
  async invite(email: string, role: 'Owner' | 'Dispatcher' | 'Technician' | 'Viewer'): Promise<CreatedInvite> {
    await this.inviteForm.getByLabel('Email').fill(email);
    await this.inviteForm.getByLabel('Role').selectOption({ label: role });
    await this.inviteForm.getByRole('button', { name: 'Create invite link' }).click();
    const link = this.page.getByLabel('Invite link');
    await link.waitFor();
    const shown = await link.inputValue();
    await this.page.getByRole('button', { name: 'Copy', exact: true }).click();
    await this.page.getByText(`Link copied — send it to ${email}`).waitFor();
    const copied = await this.page.evaluate(() => navigator.clipboard.readText());
    return { shown, copied };
  }

  async deactivate(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Deactivate ${name}` }).click();
    const dialog = this.page.getByRole('alertdialog', { name: `Deactivate ${name}?` });
    await dialog.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await this.page.getByText(`${name} was deactivated and signed out`).waitFor();
  }
}
