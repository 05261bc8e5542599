import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerPage } from '../pages/customer-page.js';
import { ImportPage } from '../pages/import-page.js';
import { launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

// A dispatcher imports a spreadsheet saved by German Excel (Windows-1252, `;`): the columns are matched
// from the header, one is matched by hand, the preview shows the bad row's problem, the import runs with
// its progress bar through a reload, and a customer it placed opens on the map (docs/PRODUCT.md, "Import").

const rows = 6_000;
const stamp = Date.now().toString(36);

function spreadsheet(): string {
  const lines = ['Kundennummer;Vorname;Nachname;E-Mail;Straße;PLZ;Ort;Breitengrad;Längengrad;Hinweise'];
  lines.push(
    `E2E-${stamp}-0;Jürgen;Weiß ${stamp};juergen-${stamp}@example.test;Torstraße 50;10119;Berlin;52,5290;13,4010;Klingel defekt`,
  );
  lines.push(`E2E-${stamp}-1;Bad;Mail;not-an-email;Hauptstraße 1;10115;Berlin;52,52;13,40;`);
  for (let n = 2; n < rows; n++) {
    lines.push(
      `E2E-${stamp}-${n};Kunde;Nummer ${n} ${stamp};k${n}-${stamp}@example.test;Weg ${n};10115;Berlin;52,${4000 + (n % 999)};13,${3000 + (n % 777)};`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('importing customers from a spreadsheet', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('maps, previews, imports through a reload and opens a placed customer', async () => {
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto('/w/demo/customers');
    await page.getByRole('link', { name: 'Import' }).click();
    await page.waitForURL(/\/customers\/import$/);

    const wizard = new ImportPage(page);
    await wizard.upload('kunden.csv', spreadsheet());
    expect(await wizard.encodingNote.textContent()).toContain('Windows-1252');
    expect(await wizard.column('Straße').inputValue()).toBe('street1');
    expect(await wizard.column('Breitengrad').inputValue()).toBe('lat');
    // "Hinweise" is no header the wizard knows: matched by hand.
    expect(await wizard.column('Hinweise').inputValue()).toBe('');
    await wizard.column('Hinweise').selectOption('notes');

    await expect.poll(() => wizard.row(2).textContent()).toContain('Klingel defekt');
    expect(await wizard.row(2).textContent()).toContain('Jürgen Weiß');
    const bad = wizard.row(3);
    expect(await bad.textContent()).toContain('Refused');
    expect(await bad.locator('.import-cell-bad').textContent()).toContain('Email must be a valid email address');

    await wizard.start.click();
    await wizard.progress.first().waitFor();
    expect(page.url()).toMatch(/\/customers\/import\?id=/);
    await page.reload();
    // After the reload the same import is back: still running, or already done.
    await page.getByRole('heading', { name: /^4\. (Importing|Result)$/ }).waitFor();
    await wizard.result.waitFor({ timeout: 120_000 });
    expect(await wizard.count('Created').textContent()).toBe((rows - 1).toLocaleString('en-US'));
    expect(await wizard.count('Refused').textContent()).toBe('1');
    expect(await page.getByText('Row 3: Email must be a valid email address').count()).toBe(1);

    await page.getByRole('link', { name: 'See your customers' }).click();
    await page.getByRole('searchbox').fill(`Weiß ${stamp}`);
    await page.getByRole('link', { name: `Jürgen Weiß ${stamp}` }).click();
    // The list stays on screen (its heading too) until the customer's page has loaded.
    await page.getByRole('heading', { level: 1, name: `Jürgen Weiß ${stamp}` }).waitFor();
    const customer = new CustomerPage(page);
    await customer.heading.waitFor();
    expect(await customer.heading.textContent()).toBe(`Jürgen Weiß ${stamp}`);
    await customer.map(`Jürgen Weiß ${stamp}`).waitFor();
    expect(await page.getByText('Torstraße 50, 10119 Berlin').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('imports jobs: the kind switch, job columns, whose job each row becomes, and the result', async () => {
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    await page.goto('/w/demo/customers/import');
    await page.getByRole('link', { name: 'Import jobs instead' }).click();
    await page.getByRole('heading', { name: 'Import jobs' }).waitFor();

    const wizard = new ImportPage(page);
    const csv = [
      'Job number,Title,Client name,Client email,Service street,Service city,Start date,Start time,End time,Assigned to,Job status',
      `JE-${stamp}-1,Gutter ${stamp},Nina ${stamp},nina-${stamp}@example.test,Torstraße 50,Berlin,12/01/2030,9:00 AM,10:30 AM,tech1@demo.test,Upcoming`,
      `JE-${stamp}-2,Ghost ${stamp},Nina ${stamp},nina-${stamp}@example.test,Torstraße 50,Berlin,12/02/2030,9:00 AM,10:00 AM,Nobody,Upcoming`,
    ].join('\r\n');
    await wizard.upload('jobs.csv', `${csv}\r\n`);
    expect(page.url()).toMatch(/\/customers\/import\?id=.+&kind=jobs/);
    expect(await wizard.column('Assigned to').inputValue()).toBe('assignee');
    expect(await wizard.column('Start time').inputValue()).toBe('startTime');
    await expect.poll(() => wizard.row(2).textContent()).toContain('new customer');
    expect(await wizard.row(3).locator('.import-cell-bad').textContent()).toContain('Technician "Nobody"');

    await wizard.start.click();
    await wizard.result.waitFor({ timeout: 60_000 });
    expect(await wizard.count('Created').textContent()).toBe('1');
    expect(await wizard.count('Refused').textContent()).toBe('1');
    expect(await page.getByRole('link', { name: 'See them on the calendar' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
