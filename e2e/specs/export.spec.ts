import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors, uniqueEmail } from '../support/browser.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}

/** The download a click starts, read back as bytes. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

// Export and the workspace archive from the screens (docs/PRODUCT.md, "Export").
describe('export and the workspace archive', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser.close());

  it('exports the filtered customers as CSV from the Customers screen', async () => {
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    const me = await api<Me>(page, 'GET', '/me');
    const workspaceId = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    const tag = `Zz${Date.now().toString(36)}`;
    await api(page, 'POST', `/workspaces/${workspaceId}/customers`, {
      name: `${tag} Bäckerei, "Sonne"`,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
      notes: '=HYPERLINK("http://evil.test","click")',
    });
    await page.goto(`/w/demo/customers?q=${tag}`);
    await page.getByRole('row', { name: new RegExp(tag) }).waitFor();

    await page.getByRole('button', { name: 'Export' }).click();
    const { name, bytes } = await downloadOf(page, () => page.getByRole('menuitem', { name: /^CSV comma/ }).click());
    expect(name).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = bytes.toString('utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Name,Email,Phone,Address,Latitude,Longitude,Notes,Created,Updated,Id');
    // The list's search applies: only the new customer; its comma and quotes quoted, its formula neutralised.
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${tag} Bäckerei, ""Sonne"""`);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(errors).toEqual([]);
    await context.close();
  });

  let archive: { name: string; bytes: Buffer } | undefined;

  it('downloads the workspace archive as the owner from Settings', async () => {
    const context = await newContext(browser);
    await signInViaApi(context, 'owner@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto('/w/demo/settings');
    const archivePanel = page.getByRole('region', { name: 'Workspace archive' });
    archive = await downloadOf(page, () => archivePanel.getByRole('button', { name: 'Download archive' }).click());
    const { name, bytes } = archive;
    expect(name).toMatch(/^fieldplan-demo-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.includes(Buffer.from('manifest.json'))).toBe(true);
    expect(bytes.includes(Buffer.from('customers.jsonl'))).toBe(true);
    await archivePanel.getByRole('button', { name: 'Download archive' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('restores the archive as a new workspace from the workspace switcher', async () => {
    if (!archive) throw new Error('the archive was not downloaded');
    const { name, bytes } = archive;
    // Someone else restores it: a new workspace of their own, the demo's people invited by link.
    const other = await newContext(browser);
    const email = uniqueEmail('restorer');
    const signUp = await other.request.post('/api/v1/auth/sign-up', {
      data: { name: 'Rita Restorer', email, password: 'correct horse battery', workspaceName: 'Rita Co' },
      headers: { origin: baseUrl },
    });
    expect(signUp.status()).toBe(202);
    await signInViaApi(other, email, 'correct horse battery');
    const restorer = await other.newPage();
    const restoreErrors = trackPageErrors(restorer);
    await restorer.goto('/');
    await restorer.getByRole('button', { name: /switch workspace/ }).click();
    await restorer.getByRole('menuitem', { name: 'New workspace from archive…' }).click();
    const dialog = restorer.getByRole('dialog', { name: 'Restore from archive' });
    await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/zip', buffer: bytes });
    await dialog.getByRole('button', { name: 'Create workspace' }).click();
    await dialog.getByText(/^Created/).waitFor({ timeout: 60_000 });
    await dialog.getByRole('button', { name: /^Open “/ }).click();
    await restorer.waitForURL(/\/w\/(?!rita)/);
    expect(restoreErrors).toEqual([]);
    await other.close();
  }, 120_000);
});
