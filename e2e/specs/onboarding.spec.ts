import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppShell } from '../pages/app-shell.js';
import { InvitePage } from '../pages/invite-page.js';
import { SignInPage } from '../pages/sign-in-page.js';
import { SignUpPage } from '../pages/sign-up-page.js';
import { TeamPage } from '../pages/team-page.js';
import { baseUrl, launchBrowser, newContext, trackPageErrors, uniqueEmail } from '../support/browser.js';

/** The workspace id behind a slug, as the signed-in user of `page` sees it. */
async function workspaceIdOf(page: Page, slug: string): Promise<string> {
  const me = (await (await page.request.get('/api/v1/me')).json()) as {
    memberships: { workspaceId: string; workspaceSlug: string }[];
  };
  const id = me.memberships.find((m) => m.workspaceSlug === slug)?.workspaceId;
  if (!id) throw new Error(`not a member of ${slug}`);
  return id;
}

/** PATCH the workspace the way the app would (same origin, so CSRF passes and the policy decides). */
function patchWorkspace(page: Page, workspaceId: string, data: object) {
  return page.request.patch(`/api/v1/workspaces/${workspaceId}`, { data, headers: { origin: baseUrl } });
}

describe('onboarding: sign up, invite a technician, deactivate them', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  it('takes a new owner and their technician through the whole journey', async () => {
    const password = 'a long test password';
    const workspaceName = `Onboarding Plumbing ${Date.now().toString(36)}`;
    const techName = 'Tara Technician';
    const techEmail = uniqueEmail('tech');

    // The owner signs up through the UI and lands in the new workspace.
    const ownerContext = await newContext(browser);
    contexts.push(ownerContext);
    const owner = await ownerContext.newPage();
    const ownerErrors = trackPageErrors(owner);
    const signUp = new SignUpPage(owner);
    await signUp.goto();
    const slug = await signUp.signUp({ name: 'Olga Owner', email: uniqueEmail('owner'), password, workspaceName });
    await owner.getByRole('heading', { name: workspaceName, level: 1 }).waitFor();
    const ownerShell = new AppShell(owner);
    // Settings is the owner's; on a narrow bar it sits in "More", so both places are read.
    await ownerShell.nav.getByRole('link').first().waitFor({ state: 'visible' });
    const ownerNav = await ownerShell.navigation();
    expect([...ownerNav.shown, ...ownerNav.more]).toContain('Settings');

    // Team → invite a technician → copy the link.
    await ownerShell.open('Team');
    const ownerTeam = new TeamPage(owner);
    await ownerTeam.heading.waitFor();
    // The locators the technician is checked against do find the owner's controls.
    expect(await ownerTeam.inviteForm.count()).toBe(1);
    expect(await ownerTeam.ownerControls.count()).toBeGreaterThan(0);
    const invite = await ownerTeam.invite(techEmail, 'Technician');
    expect(invite.copied).toBe(invite.shown);
    expect(invite.copied).toMatch(/\/invite\/[A-Za-z0-9_-]{20,}$/);

    // A second browser opens the link, creates the account and joins.
    const techContext = await newContext(browser);
    contexts.push(techContext);
    const tech = await techContext.newPage();
    const techErrors = trackPageErrors(tech);
    await tech.goto(invite.copied);
    const invitePage = new InvitePage(tech);
    await invitePage.heading(workspaceName, 'technician').waitFor();
    await invitePage.createAccountAndJoin(techName, password);
    expect(new URL(tech.url()).pathname).toBe(`/w/${slug}`);
    await tech.getByText("You're a technician here.", { exact: false }).waitFor();

    // The technician sees no owner controls…
    const techShell = new AppShell(tech);
    const techNav = await techShell.navigation();
    expect(techNav.shown.length).toBeGreaterThan(0);
    expect([...techNav.shown, ...techNav.more]).not.toContain('Settings');
    await techShell.open('Team');
    const techTeam = new TeamPage(tech);
    await techTeam.heading.waitFor();
    await techTeam.member('Olga Owner').waitFor();
    expect(await techTeam.inviteForm.count()).toBe(0);
    expect(await techTeam.ownerControls.count()).toBe(0);

    // …and the API refuses them an owner call, while the same call works for the owner.
    const workspaceId = await workspaceIdOf(tech, slug);
    const refused = await patchWorkspace(tech, workspaceId, { name: 'Taken over' });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'forbidden' });
    const allowed = await patchWorkspace(owner, workspaceId, { timeZone: 'Europe/Lisbon' });
    expect(allowed.status()).toBe(200);

    await techShell.open('Overview');
    await tech.getByRole('heading', { name: workspaceName, level: 1 }).waitFor();

    // The owner deactivates the technician in the UI.
    await ownerTeam.goto(slug);
    await ownerTeam.member(techName).waitFor();
    await ownerTeam.deactivate(techName);
    await ownerTeam.member(techName).getByText('Deactivated').waitFor();

    // Their realtime connection is cut at once: the app finds the session gone (401) and returns
    // to sign-in without waiting for a click, ready to come back to where they were.
    await tech.waitForURL(/\/login\?next=/);
    expect(new URL(tech.url()).searchParams.get('next')).toBe(`/w/${slug}`);
    await new SignInPage(tech).heading.waitFor();
    const me = await tech.request.get('/api/v1/me');
    expect(me.status()).toBe(401);

    expect(ownerErrors).toEqual([]);
    expect(techErrors).toEqual([]);
  });
});
