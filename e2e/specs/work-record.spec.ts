import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MyDayPage } from '../pages/my-day-page.js';
import { WorkRecordPage } from '../pages/work-record-page.js';
import { api } from '../support/api.js';
import { seriousA11yViolations } from '../support/axe.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}
interface Job {
  id: string;
  version: number;
  status: string;
}
interface VisitRecord {
  notes: { body: string }[];
  photos: { width: number; height: number; caption: string }[];
  checklists: { templateId: string; answers: Record<string, unknown> }[];
  signature: { name: string } | null;
}

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const phone = { width: 390, height: 844 };

/**
 * The technician's phone as a browser profile on disk: closing it and launching it again on the same
 * folder keeps IndexedDB, the service worker's caches and the session cookie, like a closed browser.
 */
function launchPhone(userDataDir: string, offline: boolean): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
    baseURL: baseUrl,
    viewport: phone,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Europe/Berlin',
    offline,
  });
}

async function firstPage(context: BrowserContext): Promise<Page> {
  return context.pages()[0] ?? (await context.newPage());
}

describe('the visit’s work record, made on a phone partly offline and seen live by the office', () => {
  let browser: Browser;
  let userDataDir: string;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
    userDataDir = await mkdtemp(path.join(tmpdir(), 'fieldplan-phone-'));
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser.close();
    await rm(userDataDir, { recursive: true, force: true });
  });

  it('keeps notes, photos, answers and the signature through a closed browser offline; completing needs the required item', async () => {
    // The dispatcher: a checklist for boiler jobs (one required item, signature required) and such a job for Tomasz now.
    const office = await newContext(browser);
    contexts.push(office);
    await signInViaApi(office, 'dispatcher@demo.test');
    const officePage = await office.newPage();
    const officeErrors = trackPageErrors(officePage);
    const me = await api<Me>(officePage, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(officePage, 'GET', `/workspaces/${ws}/members`);
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    const suffix = Date.now().toString(36);
    const template = await api<{ id: string }>(officePage, 'POST', `/workspaces/${ws}/checklist-templates`, {
      name: `Gas safety ${suffix}`,
      titlePattern: `gas check ${suffix}`,
      items: [
        { id: 'flue', label: 'Flue gas checked', kind: 'check', required: true },
        { id: 'pressure', label: 'Pressure', kind: 'number', unit: 'bar', required: false },
      ],
      signature: 'required',
    });
    const now = Date.now();
    const title = `Gas check ${suffix}`;
    const job = await api<Job>(officePage, 'POST', `/workspaces/${ws}/jobs`, {
      title,
      address: 'Torstraße 1, 10119 Berlin',
      start: new Date(now - 5 * 60_000).toISOString(),
      end: new Date(now + 25 * 60_000).toISOString(),
      assigneeIds: [tomasz],
    });
    const started = await api<Job>(
      officePage,
      'POST',
      `/workspaces/${ws}/jobs/${job.id}/status`,
      { status: 'in_progress' },
      { 'if-match': `"${job.version}"` },
    );
    expect(started.status).toBe('in_progress');

    // The dispatcher's panel stays open through all of it (live, never reloaded).
    await officePage.goto(`/w/demo/jobs/${job.id}`);
    const recordPanel = officePage.getByRole('region', { name: 'Work record' });
    // The checklist attached itself by the job's title, unanswered yet.
    await recordPanel.getByRole('region', { name: `Gas safety ${suffix}` }).waitFor();

    // Tomasz opens the visit's work record from his day (online), under the service worker.
    let phoneContext = await launchPhone(userDataDir, false);
    contexts.push(phoneContext);
    await signInViaApi(phoneContext, 'tech1@demo.test');
    let phonePage = await firstPage(phoneContext);
    const phoneErrors = trackPageErrors(phonePage);
    const myDay = new MyDayPage(phonePage);
    await myDay.goto('demo');
    await myDay.card(title).waitFor();
    await myDay.serviceWorkerReady();
    await phonePage.reload();
    await myDay.card(title).getByRole('link', { name: 'Work record' }).click();
    await phonePage.waitForURL(/\/my-day\/visit\//);
    const recordUrl = phonePage.url();
    let record = new WorkRecordPage(phonePage);
    await record.checklist(`Gas safety ${suffix}`).waitFor();
    expect(await seriousA11yViolations(phonePage)).toEqual([]);

    // Completing now is refused on the phone, naming what is missing; the server refuses it too.
    await record.completeButton().click();
    const cant = phonePage.getByRole('alert').filter({ hasText: 'Can’t complete yet' });
    await cant.waitFor();
    expect(await cant.textContent()).toContain('"Flue gas checked" is required');
    expect(await cant.textContent()).toContain('signature is required');
    const refused = await phonePage.request.post(`/api/v1/workspaces/${ws}/jobs/${job.id}/status`, {
      data: { status: 'completed' },
      headers: { origin: baseUrl, 'if-match': `"${started.version}"` },
    });
    expect([409, 422]).toContain(refused.status());
    expect(await refused.text()).toContain('Flue gas checked');

    // A note online: it reaches the office's panel by itself.
    await record.addNote('Replaced the pump seal; <b>no</b> leaks');
    await recordPanel.getByText('Replaced the pump seal; <b>no</b> leaks').waitFor();

    // In the cellar, offline: the first photo and the checklist wait on the phone.
    await phoneContext.setOffline(true);
    await record.addPhoto(path.join(fixtures, 'meter-reading.jpg'));
    const flue = record.checklist(`Gas safety ${suffix}`).getByRole('checkbox', { name: /Flue gas checked/ });
    await flue.check();
    const pressure = record.checklist(`Gas safety ${suffix}`).getByRole('textbox', { name: /Pressure/ });
    await pressure.fill('1.5');
    await pressure.blur();
    await expect.poll(() => record.sync.textContent()).toContain('1 photo and 2 checklist answers waiting to upload');
    expect(await record.photos().count()).toBe(1);

    // The browser is closed, and opened again — still offline: all of it is still waiting.
    await phoneContext.close();
    phoneContext = await launchPhone(userDataDir, true);
    contexts.push(phoneContext);
    phonePage = await firstPage(phoneContext);
    const reopenedErrors = trackPageErrors(phonePage);
    await phonePage.goto(recordUrl);
    record = new WorkRecordPage(phonePage);
    await expect.poll(() => record.sync.textContent()).toContain('1 photo and 2 checklist answers waiting to upload');
    expect(await record.photos().count()).toBe(1);
    // The record opens as last loaded (kept by the service worker), with the waiting answers over it.
    const reopenedFlue = record.checklist(`Gas safety ${suffix}`).getByRole('checkbox', { name: /Flue gas checked/ });
    await expect.poll(() => reopenedFlue.isChecked()).toBe(true);
    let server = await api<VisitRecord>(officePage, 'GET', `/workspaces/${ws}/jobs/${job.id}/record`);
    expect(server.photos).toHaveLength(0);

    // Back online: everything goes, in order, once.
    await phoneContext.setOffline(false);
    await record.sync.waitFor({ state: 'detached' });
    server = await api<VisitRecord>(officePage, 'GET', `/workspaces/${ws}/jobs/${job.id}/record`);
    expect(server.photos).toHaveLength(1);
    expect(server.checklists.find((c) => c.templateId === template.id)?.answers).toEqual({ flue: true, pressure: 1.5 });

    // The second photo online (its EXIF says "rotated": stored upright, taller than wide), then the signature.
    await record.addPhoto(path.join(fixtures, 'boiler-plate.jpg'));
    await expect.poll(() => record.photos().count()).toBe(2);
    await record.sign('Anna Schmidt');
    await phonePage
      .getByText('Signed by')
      .waitFor()
      .catch(async (e) => {
        await phonePage.screenshot({ path: '/tmp/wr-sign.png', fullPage: true });
        console.log('DEBUG', await phonePage.locator('.wr-page').innerText());
        throw e;
      });
    await expect
      .poll(
        async () =>
          (await api<VisitRecord>(officePage, 'GET', `/workspaces/${ws}/jobs/${job.id}/record`)).signature?.name,
      )
      .toBe('Anna Schmidt');
    server = await api<VisitRecord>(officePage, 'GET', `/workspaces/${ws}/jobs/${job.id}/record`);
    expect(server.photos).toHaveLength(2);
    const plate = server.photos[1];
    expect(plate && plate.height > plate.width).toBe(true);
    expect(server.notes.map((n) => n.body)).toEqual(['Replaced the pump seal; <b>no</b> leaks']);

    // Now it completes.
    await record.completeButton().click();
    await expect
      .poll(async () => (await api<Job>(officePage, 'GET', `/workspaces/${ws}/jobs/${job.id}`)).status)
      .toBe('completed');

    // The office saw all of it arrive without a reload: the note, two photos, the answers, the signature.
    await expect.poll(() => recordPanel.getByRole('region', { name: 'Photos' }).getByRole('img').count()).toBe(2);
    const answers = recordPanel.getByRole('region', { name: `Gas safety ${suffix}` });
    await answers.getByText('1.5 bar').waitFor();
    expect(await answers.textContent()).toContain('Yes');
    await recordPanel.getByText(/Anna Schmidt/).waitFor();
    // User text stays text.
    expect(await recordPanel.locator('b').count()).toBe(0);

    // The visit's report: all of it on one printable page.
    await officePage.goto(`/w/demo/jobs/${job.id}/report`);
    const report = officePage.getByRole('article', { name: `Visit report: ${title}` });
    await report.waitFor();
    const reportText = await report.textContent();
    for (const text of ['Replaced the pump seal', 'Flue gas checked', '1.5 bar', 'Anna Schmidt', 'Torstraße 1']) {
      expect(reportText).toContain(text);
    }
    expect(await report.getByRole('region', { name: 'Photos' }).getByRole('img').count()).toBe(2);
    expect(await seriousA11yViolations(officePage)).toEqual([]);

    // Settings → Checklists: the dispatcher makes another checklist there.
    await officePage.goto('/w/demo/settings/checklists');
    await officePage.getByRole('button', { name: `Edit Gas safety ${suffix}` }).waitFor();
    expect(await seriousA11yViolations(officePage)).toEqual([]);
    await officePage.getByRole('button', { name: 'New checklist' }).click();
    await officePage.getByRole('textbox', { name: 'Name' }).fill(`Handover ${suffix}`);
    await officePage.getByRole('textbox', { name: 'Item 1', exact: true }).fill('Customer shown the controls');
    await officePage.getByRole('button', { name: 'Save checklist' }).click();
    await officePage.getByRole('button', { name: `Edit Handover ${suffix}` }).waitFor();
    expect(await officePage.getByText('1 item · 1 required · no signature · attached by hand').count()).toBeGreaterThan(
      0,
    );
    expect([...officeErrors, ...phoneErrors, ...reopenedErrors]).toEqual([]);
  });
  it('shows a write the server refuses (the visit went to someone else) as refused, with a way to remove it', async () => {
    const office = await newContext(browser);
    contexts.push(office);
    await signInViaApi(office, 'dispatcher@demo.test');
    const officePage = await office.newPage();
    const me = await api<Me>(officePage, 'GET', '/me');
    const ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const members = await api<{ id: string; name: string }[]>(officePage, 'GET', `/workspaces/${ws}/members`);
    const tomasz = members.find((m) => m.name === 'Tomasz Nowak')?.id ?? '';
    const aylin = members.find((m) => m.name === 'Aylin Demir')?.id ?? '';
    const now = Date.now();
    const job = await api<Job>(officePage, 'POST', `/workspaces/${ws}/jobs`, {
      title: `Leak hunt ${now.toString(36)}`,
      address: 'Torstraße 1, 10119 Berlin',
      start: new Date(now).toISOString(),
      end: new Date(now + 30 * 60_000).toISOString(),
      assigneeIds: [tomasz],
    });

    // The office attaches a checklist by hand in the job's panel (its title matches no pattern).
    const handover = `Handover ${now.toString(36)}`;
    await api(officePage, 'POST', `/workspaces/${ws}/checklist-templates`, {
      name: handover,
      titlePattern: null,
      items: [{ id: 'shown', label: 'Customer shown the controls', kind: 'check', required: false }],
    });
    await officePage.goto(`/w/demo/jobs/${job.id}`);
    const panel = officePage.getByRole('region', { name: 'Work record' });
    await panel.locator('summary', { hasText: 'Checklists on this job' }).click();
    await panel.getByRole('checkbox', { name: handover }).check();
    await panel.getByRole('button', { name: 'Save checklists' }).click();
    await panel.getByRole('region', { name: handover }).waitFor();

    const phoneContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: phone,
      isMobile: true,
      hasTouch: true,
    });
    contexts.push(phoneContext);
    await signInViaApi(phoneContext, 'tech1@demo.test');
    const phonePage = await phoneContext.newPage();
    const errors = trackPageErrors(phonePage);
    await phonePage.goto(`/w/demo/my-day/visit/${job.id}`);
    const record = new WorkRecordPage(phonePage);
    await record.newNote.waitFor();

    // Offline, Tomasz writes a note; meanwhile the office gives the job to Aylin.
    await phoneContext.setOffline(true);
    await record.addNote('Found the leak under the sink');
    await expect.poll(() => record.sync.textContent()).toContain('1 note waiting to upload');
    await api<Job>(
      officePage,
      'PATCH',
      `/workspaces/${ws}/jobs/${job.id}`,
      { assigneeIds: [aylin] },
      {
        'if-match': `"${job.version}"`,
      },
    );

    // Back online: refused, saying why, and kept until removed.
    await phoneContext.setOffline(false);
    const refusal = phonePage.getByRole('alert').filter({ hasText: 'no longer yours' });
    await refusal.waitFor();
    await record.sync.waitFor({ state: 'detached' });
    await refusal.getByRole('button', { name: 'Remove' }).click();
    await refusal.waitFor({ state: 'detached' });
    await phonePage.locator('.wr-note-body', { hasText: 'Found the leak' }).waitFor({ state: 'detached' });
    const server = await api<VisitRecord>(officePage, 'GET', `/workspaces/${ws}/jobs/${job.id}/record`);
    expect(server.notes).toEqual([]);
    expect(errors).toEqual([]);
  });
});
