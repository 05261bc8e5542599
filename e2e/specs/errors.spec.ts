import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SentryEnvelope, type SentryIngest, startSentryIngest } from '../../apps/server/test/sentry-ingest.js';
import { AppShell } from '../pages/app-shell.js';
import { ErrorScreens } from '../pages/error-screens.js';
import { LiveUpdates } from '../pages/live-updates.js';
import { SignInPage } from '../pages/sign-in-page.js';
import { baseUrl, demoPassword, launchBrowser, newContext, signInViaApi } from '../support/browser.js';
import { type ExtraServer, startExtraServer } from '../support/extra-server.js';

interface ErrorEventPayload {
  event_id?: string;
  release?: string;
  environment?: string;
  transaction?: string;
  exception?: { values?: { type?: string; value?: string }[] };
}

/** The error events (not sessions or client reports) in an envelope. */
function eventsIn(envelope: SentryEnvelope): ErrorEventPayload[] {
  return envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload as ErrorEventPayload);
}

const messageOf = (event: ErrorEventPayload) => event.exception?.values?.map((v) => v.value ?? '').join(' ') ?? '';

async function apiPatch(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const response = await page.request.patch(`/api/v1${path}`, { data, headers: { origin: baseUrl, ...headers } });
  if (!response.ok()) throw new Error(`PATCH ${path}: ${response.status()} ${await response.text()}`);
  return response.json();
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/v1${path}`);
  if (!response.ok()) throw new Error(`GET ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

describe('error reports reach the ingest, without personal data', () => {
  let browser: Browser;
  let ingest: SentryIngest;
  let server: ExtraServer;
  let context: BrowserContext;
  let page: Page;
  const email = 'owner@demo.test';

  beforeAll(async () => {
    ingest = await startSentryIngest();
    server = await startExtraServer({
      SENTRY_DSN: ingest.dsn,
      SENTRY_ENVIRONMENT: 'e2e',
      SENTRY_RELEASE: 'fieldplan@e2e-errors',
      FIELDPLAN_FAULT_INJECTION: '1',
    });
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(15_000);
    const signIn = await context.request.post('/api/v1/auth/sign-in', {
      data: { email, password: demoPassword },
      headers: { origin: server.baseUrl },
    });
    expect(signIn.status()).toBe(200);
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await ingest?.close();
  });

  it('reports a render error with release, environment and the route pattern, and shows its event id', async () => {
    const screens = new ErrorScreens(page);
    await page.goto('/w/demo/debug/throw');
    await screens.crashed.waitFor();
    const reference = (await screens.reference.textContent())?.trim() ?? '';
    expect(reference).toMatch(/^[0-9a-f]{32}$/);
    await page.getByRole('button', { name: 'Reload' }).waitFor({ state: 'visible' });

    const envelope = await ingest.waitFor((e) => eventsIn(e).some((ev) => ev.event_id === reference));
    const event = eventsIn(envelope).find((ev) => ev.event_id === reference) as ErrorEventPayload;
    expect(messageOf(event)).toContain('a render error on purpose');
    expect(event.release).toBe('fieldplan@e2e-errors');
    expect(event.environment).toBe('e2e');
    expect(event.transaction).toBe('/w/:slug/debug/throw');
    expect(envelope.raw).not.toContain(email);
    expect(envelope.raw).not.toContain(email.replace('@', '%40'));
  });

  it('does not report a failed fetch, an aborted request or a ResizeObserver loop error', async () => {
    // Still on the error page of the test above: the SDK is loaded and reporting.
    const before = ingest.envelopes.length;
    const marker = `marker-${Date.now().toString(36)}`;
    // A connection refused, made on this origin: another host would be refused by the CSP instead.
    await page.route('**/unreachable', (route) => route.abort('connectionrefused'));
    await page.evaluate(async () => {
      void fetch('/unreachable');
      const aborting = new AbortController();
      const aborted = fetch('/api/v1/me', { signal: aborting.signal });
      aborting.abort();
      void aborted;
      window.dispatchEvent(
        new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    await page.evaluate((text) => {
      setTimeout(() => {
        throw new Error(text);
      });
    }, marker);
    await ingest.waitFor((e) => eventsIn(e).some((ev) => messageOf(ev).includes(marker)));
    const events = ingest.envelopes.slice(before).flatMap(eventsIn);
    expect(events.map(messageOf)).toEqual([expect.stringContaining(marker)]);
  });

  it('reports a server 500 with the reference the user sees', async () => {
    await page.goto('/w/demo/debug');
    await page.getByRole('button', { name: 'Fail on the server' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'reference' });
    const text = (await alert.textContent()) ?? '';
    const reference = /reference ([0-9a-f]{32})/.exec(text)?.[1] ?? '';
    expect(reference, text).toMatch(/^[0-9a-f]{32}$/);
    const envelope = await ingest.waitFor((e) => eventsIn(e).some((ev) => ev.event_id === reference));
    expect(envelope.raw).not.toContain(email);
    const event = eventsIn(envelope).find((ev) => ev.event_id === reference) as ErrorEventPayload;
    expect(event.environment).toBe('e2e');
  });

  it('the tunnel refuses an envelope for another host', async () => {
    const status = await page.evaluate(async () => {
      const header = JSON.stringify({
        dsn: 'https://abc@o1.ingest.elsewhere.example/1',
        sent_at: new Date().toISOString(),
      });
      const item = JSON.stringify({ type: 'event' });
      const body = `${header}\n${item}\n${JSON.stringify({ message: 'relay me' })}\n`;
      const response = await fetch('/api/monitoring', { method: 'POST', body });
      return response.status;
    });
    expect(status).toBe(403);
  });

  it('429 on sign-in says how long to wait (the default limit, 10 a minute)', async () => {
    const stranger = await browser.newContext({ baseURL: server.baseUrl });
    const signInPage = await stranger.newPage();
    await signInPage.goto('/login');
    const form = new SignInPage(signInPage);
    await form.heading.waitFor();
    let message = '';
    for (let attempt = 0; attempt < 15 && !message.includes('Too many'); attempt += 1) {
      const answered = signInPage.waitForResponse((r) => r.url().endsWith('/api/v1/auth/sign-in'));
      await form.signIn('nobody@demo.test', 'not the password');
      await answered;
      message = (await signInPage.getByRole('alert').textContent()) ?? '';
    }
    expect(message).toMatch(/Too many attempts, try again in \d+ s/);
    await stranger.close();
  });
});

describe('the error catalogue in the UI, with the API’s real answers', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let workspaceId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });

  async function signedIn(email: string) {
    const context = await newContext(browser);
    contexts.push(context);
    await signInViaApi(context, email);
    const page = await context.newPage();
    if (!workspaceId) {
      const me = await apiGet<{ memberships: { workspaceId: string; workspaceSlug: string }[] }>(page, '/me');
      workspaceId = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    }
    return { context, page, screens: new ErrorScreens(page) };
  }

  it('404: an unknown job or address shows the not-found page, not a blank screen', async () => {
    const { page } = await signedIn('dispatcher@demo.test');
    await page.goto('/w/demo/jobs/00000000-0000-4000-8000-000000000000');
    await page.getByText('This job no longer exists').waitFor();
    await page.goto('/w/demo/no-such-screen');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.goto('/nowhere/at/all');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
  });

  it('403: a technician opening settings is told they lack permission', async () => {
    const { page } = await signedIn('tech1@demo.test');
    await page.goto('/w/demo/settings');
    await page.getByRole('heading', { name: 'Only owners can change settings' }).waitFor();
  });

  it('401: a session revoked elsewhere leads to sign-in, and back to the same screen after', async () => {
    const { context, page } = await signedIn('dispatcher@demo.test');
    await page.goto('/w/demo/customers');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    // Live updates finish their own signed-in calls (channel authorization, user sign-in) first:
    // one of those answering 401 would send the page to sign-in from the customers screen instead.
    const me = await apiGet<{ user: { id: string } }>(page, '/me');
    const live = new LiveUpdates(page);
    await live.waitFor('connected');
    await live.online(me.user.id).waitFor();
    // The same session, signed out from another browser window.
    const other = await browser.newContext({ baseURL: baseUrl });
    contexts.push(other);
    await other.addCookies(await context.cookies());
    const out = await other.request.post('/api/v1/auth/sign-out', { headers: { origin: baseUrl } });
    expect(out.status()).toBeLessThan(300);

    await new AppShell(page).open('Team');
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/w/demo/team');
    await new SignInPage(page).signIn('dispatcher@demo.test', demoPassword);
    await page.waitForURL((url) => url.pathname === '/w/demo/team');
    await page.getByRole('heading', { name: 'Team', level: 1 }).waitFor();
  });

  it('412: two people edit the same job; the second sees both versions and puts theirs on top', async () => {
    const first = await signedIn('dispatcher@demo.test');
    const second = await signedIn('owner@demo.test');
    const customers = await apiGet<{ items: { id: string }[] }>(
      first.page,
      `/workspaces/${workspaceId}/customers?limit=1`,
    );
    const created = await first.page.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
      headers: { origin: baseUrl },
      data: {
        title: `Conflict ${Date.now().toString(36)}`,
        customerId: customers.items[0]?.id,
        start: '2027-04-12T08:00:00Z',
        end: '2027-04-12T09:00:00Z',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const job = (await created.json()) as { id: string };

    for (const { page } of [first, second]) {
      await page.goto(`/w/demo/jobs/${job.id}/edit`);
      await page.getByRole('form', { name: 'Job' }).getByLabel('Title').waitFor();
    }
    const title = (page: Page) => page.getByRole('form', { name: 'Job' }).getByLabel('Title');
    await title(first.page).fill('Boiler check (first)');
    await first.page.getByRole('button', { name: 'Save', exact: true }).click();
    await first.page.waitForURL((url) => !url.pathname.endsWith('/edit'));

    await title(second.page).fill('Boiler check (second)');
    await second.page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = second.screens.conflictDialog('job');
    await dialog.waitFor();
    await dialog.getByRole('row', { name: /Title/ }).getByText('Boiler check (first)').waitFor();
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await second.page.waitForURL((url) => !url.pathname.endsWith('/edit'));
    const saved = await apiGet<{ title: string; version: number }>(
      second.page,
      `/workspaces/${workspaceId}/jobs/${job.id}`,
    );
    expect(saved.title).toBe('Boiler check (second)');
  });

  it('offline: a banner, the failed edit waits in a queue, and is sent when back online', async () => {
    const { context, page, screens } = await signedIn('dispatcher@demo.test');
    const list = await apiGet<{ items: { id: string; name: string }[] }>(
      page,
      `/workspaces/${workspaceId}/customers?limit=1`,
    );
    const customer = list.items[0] as { id: string; name: string };
    await page.goto(`/w/demo/customers/${customer.id}`);
    await page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Customer' });
    const renamed = `${customer.name} (offline edit)`;
    await form.getByLabel('Notes').fill(`Edited offline at ${new Date().toISOString()}`);
    await form.getByLabel('Name').fill(renamed);

    await context.setOffline(true);
    await screens.offlineBanner.getByText("You're offline.").waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await screens.offlineBanner.getByText('Waiting to send a customer edit').waitFor();

    await context.setOffline(false);
    await screens.toast('Sent the change that was waiting').waitFor();
    await screens.offlineBanner.waitFor({ state: 'detached' });
    const saved = await apiGet<{ name: string }>(page, `/workspaces/${workspaceId}/customers/${customer.id}`);
    expect(saved.name).toBe(renamed);
  });
  it('412 on a customer: the shared conflict dialog; Keep mine sends my change on their version', async () => {
    const first = await signedIn('dispatcher@demo.test');
    const second = await signedIn('owner@demo.test');
    const list = await apiGet<{ items: { id: string; name: string }[] }>(
      first.page,
      `/workspaces/${workspaceId}/customers?limit=3`,
    );
    const customer = list.items[2] as { id: string; name: string };
    await second.page.goto(`/w/demo/customers/${customer.id}`);
    await second.page.getByRole('heading', { name: customer.name, level: 1 }).waitFor();
    await second.page.getByRole('button', { name: 'Edit' }).click();
    const form = second.page.getByRole('form', { name: 'Customer' });
    await form.getByLabel('Notes').fill('Gate code changed; ring twice');

    // Live updates would hand this form the new version at once; offline, it keeps the old one:
    // the dispatcher renames the customer meanwhile, and the queued edit meets 412 when sent.
    await second.context.setOffline(true);
    const current = await apiGet<{ version: number }>(
      first.page,
      `/workspaces/${workspaceId}/customers/${customer.id}`,
    );
    const theirName = `${customer.name} GmbH`;
    await apiPatch(
      first.page,
      `/workspaces/${workspaceId}/customers/${customer.id}`,
      { name: theirName },
      { 'if-match': `"${current.version}"` },
    );
    await second.page.getByRole('button', { name: 'Save', exact: true }).click();
    await second.screens.offlineBanner.getByText('Waiting to send a customer edit').waitFor();
    await second.context.setOffline(false);
    const dialog = second.screens.conflictDialog('customer');
    await dialog.waitFor();
    await dialog.getByText(`Their version (v${current.version + 1})`).waitFor();
    await dialog.getByRole('row', { name: /Notes/ }).getByText('Gate code changed; ring twice').waitFor();
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await second.screens.toast('Sent the change that was waiting').waitFor();
    const saved = await apiGet<{ name: string; notes: string }>(
      second.page,
      `/workspaces/${workspaceId}/customers/${customer.id}`,
    );
    expect(saved).toMatchObject({ name: theirName, notes: 'Gate code changed; ring twice' });
  });

  it('403 from the API: a write refused after the role changed says "You don\'t have permission"', async () => {
    const owner = await signedIn('owner@demo.test');
    const members = await apiGet<{ id: string; email: string }[]>(owner.page, `/workspaces/${workspaceId}/members`);
    const tech = members.find((m) => m.email === 'tech6@demo.test') as { id: string };
    const memberPath = `/workspaces/${workspaceId}/members/${tech.id}`;
    await apiPatch(owner.page, memberPath, { role: 'dispatcher' });
    try {
      const { context, page, screens } = await signedIn('tech6@demo.test');
      const list = await apiGet<{ items: { id: string; name: string }[] }>(
        page,
        `/workspaces/${workspaceId}/customers?limit=2`,
      );
      const customer = list.items[1] as { id: string; name: string };
      await page.goto(`/w/demo/customers/${customer.id}`);
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByRole('form', { name: 'Customer' }).getByLabel('Notes').fill('Not allowed any more');
      // Demoted while this browser is offline (so live updates can't hide the form first): the
      // queued write reaches the API when back online, and the API refuses it.
      await context.setOffline(true);
      await apiPatch(owner.page, memberPath, { role: 'technician' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await screens.offlineBanner.getByText('Waiting to send a customer edit').waitFor();
      await context.setOffline(false);
      await screens.toast("You don't have permission to").waitFor();
    } finally {
      await apiPatch(owner.page, memberPath, { role: 'technician' });
    }
  });
});
