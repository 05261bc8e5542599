import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BookingRequestList, Job } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingPage } from '../pages/booking-page.js';
import { TrackingPage } from '../pages/tracking-page.js';
import { api } from '../support/api.js';
import { seriousA11yViolations } from '../support/axe.js';
import { openBooking } from '../support/booking.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors, uniqueEmail } from '../support/browser.js';
import { linksOf, waitForMail } from '../support/inbox.js';

interface Me {
  memberships: { workspaceId: string; workspaceSlug: string }[];
}
interface Member {
  id: string;
  email?: string;
  role: string;
}

const phone = { width: 390, height: 844 };

/** A page on another origin (127.0.0.1 on its own port) that embeds the booking page both ways. */
async function embeddingSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><title>Plumber & Sons</title><h1>Our plumbing</h1>
<iframe id="plain" title="Book with us" src="${baseUrl}/book/demo" style="width:100%;height:700px;border:0"></iframe>
<div id="scripted"><script src="${baseUrl}/book/embed.js" data-workspace="demo" data-title="Book by script" async></script></div>`;
  const server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

describe('online booking', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  let owner: Page;
  let ws = '';
  let serviceName = '';

  const context = async (options: Parameters<typeof newContext>[1] = {}) => {
    const made = await newContext(browser, options);
    contexts.push(made);
    return made;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    // The owner turns booking on and adds a service, through the API.
    const ownerContext = await context();
    await signInViaApi(ownerContext, 'owner@demo.test');
    owner = await ownerContext.newPage();
    const me = await api<Me>(owner, 'GET', '/me');
    ws = me.memberships.find((m) => m.workspaceSlug === 'demo')?.workspaceId ?? '';
    serviceName = `Boiler service ${Date.now().toString(36)}`;
    await openBooking(owner, ws, serviceName, 'Boilers, radiators and <b>leaks</b> — pick a time that suits you.');
  });
  afterAll(async () => {
    for (const made of contexts) await made.close().catch(() => undefined);
    await browser.close();
  });

  it('a customer books; the open Requests list and badge show it live; the dispatcher confirms; the emails and their links work', async () => {
    // The dispatcher already has the Requests screen open.
    const office = await context();
    await signInViaApi(office, 'dispatcher@demo.test');
    const desk = await office.newPage();
    const deskErrors = trackPageErrors(desk);
    await desk.goto('/w/demo/requests');
    await desk.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    const before = (await api<BookingRequestList>(owner, 'GET', `/workspaces/${ws}/booking/requests`)).pendingCount;
    const navLink = desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Requests/ });

    // The customer: no session, on the public page.
    const customer = await context();
    const page = await customer.newPage();
    const errors = trackPageErrors(page);
    const booking = new BookingPage(page);
    await booking.open('demo');
    // The intro is text: the tag shows as typed, nothing is made bold.
    await page.getByText('Boilers, radiators and <b>leaks</b>').waitFor();
    expect(await page.locator('main b').count()).toBe(0);
    // The honeypot is off-screen, out of the tab order and hidden from assistive technology.
    const trapHidden = page.locator('input[name="website"]');
    await booking.chooseService(serviceName);
    await booking.chooseAddress('Berlin');
    await page
      .getByText(/Berlin/)
      .first()
      .waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await booking.chooseFirstSlot();
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await trapHidden.getAttribute('tabindex')).toBe('-1');
    expect(await trapHidden.getAttribute('autocomplete')).toBe('off');
    const email = uniqueEmail('booker');
    const name = `Greta <i>Booker</i> ${Date.now().toString(36)}`;
    await booking.submit({ name, email, phone: '+49 30 1234567', notes: 'Ring twice' });
    await booking.confirmation.waitFor({ timeout: 30_000 });
    expect(await booking.confirmation.innerText()).toBe('Request sent');

    // The dispatcher's screen learns of it without a reload: the badge counts it and the card is there.
    await expect.poll(() => navLink.textContent()).toContain(`${before + 1} waiting`);
    const card = desk.getByRole('listitem', { name: serviceName }).filter({ hasText: name });
    await card.waitFor();
    expect(await card.innerText()).toContain(name);
    expect(await desk.locator('.booking-requests i').count()).toBe(0);
    expect(await seriousA11yViolations(desk)).toEqual([]);
    // The board of that day marks it as a request (dashed, labelled) until it is confirmed.
    const pending = await api<BookingRequestList>(owner, 'GET', `/workspaces/${ws}/booking/requests`);
    const held = pending.items.find((r) => r.email === email);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(held?.start ?? 0));
    const board = await office.newPage();
    await board.goto(`/w/demo/dispatch?date=${day}`);
    const block = board.locator('.fp-ev-request').filter({ hasText: serviceName });
    await block.waitFor();
    expect(await block.getByRole('img', { name: 'Booking request, not confirmed yet' }).count()).toBe(1);
    await card.getByRole('button', { name: 'Confirm' }).click();
    await card.waitFor({ state: 'detached' });
    // The badge counts what still waits — nothing, or what other customers sent before (and with
    // nothing waiting Requests may step back into "More").
    if (before === 0) await expect.poll(() => desk.locator('.topbar-nav > .topbar-link .nav-badge').count()).toBe(0);
    else await expect.poll(() => navLink.textContent()).toContain(`${before} waiting`);
    await block.waitFor({ state: 'detached' });
    await board.locator('.fp-ev').filter({ hasText: serviceName }).first().waitFor();

    // The customer's inbox: "request received", then "booked"; their links answer.
    const received = await waitForMail(email, (m) => /received your booking request/.test(m.subject));
    const confirmed = await waitForMail(email, (m) => /is booked/.test(m.subject));
    // Both carry the one-click unsubscribe link (List-Unsubscribe) of this customer.
    for (const mail of [received, confirmed]) {
      expect(
        linksOf(mail).some((l) => l.startsWith(`${baseUrl}/api/v1/unsubscribe/`)),
        mail.subject,
      ).toBe(true);
    }
    for (const link of [...linksOf(received), ...linksOf(confirmed)].filter((l) => l.startsWith(baseUrl))) {
      // GET never unsubscribes (RFC 8058: that is the one-click POST), so opening every link is safe.
      const res = await fetch(link);
      expect(res.status, link).toBe(200);
    }

    // The technician sets off: the "on the way" email links to the live tracking page.
    const requests = await api<BookingRequestList>(owner, 'GET', `/workspaces/${ws}/booking/requests?status=all`);
    const request = requests.items.find((r) => r.email === email);
    expect(request?.status).toBe('confirmed');
    const members = await api<Member[]>(owner, 'GET', `/workspaces/${ws}/members`);
    const techEmail = members.find((m) => m.id === request?.technicianId)?.email ?? '';
    expect(techEmail).toMatch(/^tech\d@demo\.test$/);
    const van = await context({ viewport: phone });
    await signInViaApi(van, techEmail);
    const vanPage = await van.newPage();
    const job = await api<Job>(vanPage, 'GET', `/workspaces/${ws}/jobs/${request?.jobId}`);
    await api<Job>(
      vanPage,
      'POST',
      `/workspaces/${ws}/jobs/${job.id}/status`,
      { status: 'en_route' },
      {
        'if-match': `"${job.version}"`,
      },
    );
    const onTheWay = await waitForMail(email, (m) => /on the way/.test(m.subject));
    const trackLink = linksOf(onTheWay).find((l) => l.includes('/track/'));
    expect(trackLink, onTheWay.text).toBeTruthy();
    const tracking = new TrackingPage(page);
    await tracking.open(trackLink ?? '');
    await expect.poll(() => tracking.headline.innerText()).toMatch(/is on the way$/);
    expect(errors).toEqual([]);
    expect(deskErrors).toEqual([]);
  });

  it('at 390 px a customer books with nothing wider than the phone', async () => {
    const customer = await context({ viewport: phone, colorScheme: 'dark' });
    const page = await customer.newPage();
    const errors = trackPageErrors(page);
    const booking = new BookingPage(page);
    await booking.open('demo');
    await booking.chooseService(serviceName);
    await booking.chooseAddress('Berlin');
    await booking.chooseFirstSlot();
    await booking.submit({ name: 'Pat Phone', email: uniqueEmail('phone') });
    await booking.confirmation.waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('another site embeds the page, as a plain iframe and through embed.js', async () => {
    const site = await embeddingSite();
    try {
      const visitor = await context();
      const page = await visitor.newPage();
      const errors = trackPageErrors(page);
      await page.goto(site.url);
      const plain = page.frameLocator('iframe#plain');
      await plain.getByRole('button', { name: new RegExp(`^${serviceName}`) }).waitFor();
      const scripted = page.frameLocator('iframe[title="Book by script"]');
      await scripted.getByRole('button', { name: new RegExp(`^${serviceName}`) }).click();
      await scripted.getByRole('combobox', { name: 'Address of the visit' }).waitFor();
      // embed.js sizes its frame to the page inside (which posted its height).
      const frame = page.locator('iframe[title="Book by script"]');
      await expect
        .poll(async () => {
          const inner = await scripted.locator('html').evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
          const outer = await frame.evaluate((el) => Math.round(el.getBoundingClientRect().height));
          return Math.abs(inner - outer);
        })
        .toBeLessThanOrEqual(1);
      expect(errors).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
