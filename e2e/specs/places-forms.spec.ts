import type { Customer, Job, Place } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerPage } from '../pages/customer-page.js';
import { JobPanel } from '../pages/job-panel.js';
import { MapPage } from '../pages/map-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';

// A quiet day far from the demo's weeks of jobs (Berlin is UTC+2 then).
const day = '2027-05-12';
const stamp = Date.now().toString(36);

describe('places in the job and customer forms (built-in search)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let workspaceId = '';
  const title = `Places e2e ${stamp}`;
  let jobId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    page = await context.newPage();
    errors = trackPageErrors(page);
    workspaceId = (await api<{ memberships: { workspaceId: string }[] }>('/me')).memberships[0]?.workspaceId ?? '';
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  async function api<T>(path: string): Promise<T> {
    const response = await context.request.get(`/api/v1${path}`);
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** What the built-in search answers for a German town (the place the forms should fill in). */
  async function town(name: string): Promise<Place> {
    const places = await api<Place[]>(`/places?q=${encodeURIComponent(name)}&ws=${workspaceId}`);
    const found = places.find((p) => p.source === 'city' && p.label === name && p.secondary === 'Germany');
    if (!found) throw new Error(`the built-in search has no ${name}, Germany`);
    return found;
  }

  /** The job's marker on the map of `day`, centred on `at`: hovering the centre shows its tooltip. */
  async function expectMarkerAt(at: { lat: number; lng: number }): Promise<void> {
    const map = new MapPage(page);
    await map.goto('demo', { date: day, at: { ...at, zoom: 16 }, show: ['jobs'] });
    await map.waitForJobs();
    await map.hoverCentre();
    await map.tooltip.filter({ hasText: title }).first().waitFor();
  }

  it('creates a job through the places combobox: saved at the chosen place, its marker there on the map', async () => {
    const potsdam = await town('Potsdam');
    await page.goto('/w/demo/jobs/new');
    const panel = new JobPanel(page);
    jobId = await panel.create({
      title,
      place: { query: 'Potsdam', option: /^PotsdamGermany/ },
      start: `${day}T10:00`,
      end: `${day}T11:00`,
      technician: 'Tomasz Nowak',
    });
    const saved = await api<Job>(`/workspaces/${workspaceId}/jobs/${jobId}`);
    expect(saved).toMatchObject({
      title,
      customerId: null,
      address: 'Potsdam, Germany',
      lat: potsdam.lat,
      lng: potsdam.lng,
    });
    await expectMarkerAt(potsdam);
    expect(errors).toEqual([]);
  });

  it('saves where the pin was dropped and then dragged to', async () => {
    const panel = new JobPanel(page);
    await page.goto(`/w/demo/jobs/${jobId}/edit`);
    await panel.adjustPin();
    await panel.pin.waitFor();
    const before = await panel.position();
    // A click east of the pin drops it there: the longitude grows, the latitude stays.
    await panel.dropPin(60, 0);
    await expect.poll(async () => (await panel.position()).lng).toBeGreaterThan(before.lng);
    const dropped = await panel.position();
    expect(dropped.lat).toBeCloseTo(before.lat, 3);
    // Dragged south: the latitude falls.
    await panel.dragPin(0, 50);
    await expect.poll(async () => (await panel.position()).lat).toBeLessThan(dropped.lat);
    const dragged = await panel.position();
    expect(dragged.lng).toBeCloseTo(dropped.lng, 3);
    await expect(panel.form.locator('.pin-picker-coords').textContent()).resolves.toBe(
      `${dragged.lat.toFixed(5)}, ${dragged.lng.toFixed(5)}`,
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL(new RegExp(`/jobs/${jobId}(\\?|$)`));
    const saved = await api<Job>(`/workspaces/${workspaceId}/jobs/${jobId}`);
    expect({ lat: saved.lat, lng: saved.lng }).toEqual(dragged);
    expect(saved.address).toBe('Potsdam, Germany');
    await expectMarkerAt(dragged);
    expect(errors).toEqual([]);
  });

  it("changes a customer's address through the combobox and shows them there on the customer's map", async () => {
    const name = `Places e2e customer ${stamp}`;
    const created = await context.request.post(`/api/v1/workspaces/${workspaceId}/customers`, {
      headers: { origin: baseUrl },
      data: { name, address: 'Alexanderplatz 1, 10178 Berlin', lat: 52.5219, lng: 13.4132 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const customer = (await created.json()) as Customer;
    const oranienburg = await town('Oranienburg');

    const detail = new CustomerPage(page);
    await detail.goto('demo', customer.id);
    await detail.map(name).waitFor();
    await detail.hoverMapCentre(name);
    await detail.tooltip.filter({ hasText: 'Alexanderplatz 1' }).waitFor();

    await detail.edit();
    await detail.choosePlace('Oranienburg', /^OranienburgGermany/);
    await expect(detail.address.inputValue()).resolves.toBe('Oranienburg, Germany');
    await expect(detail.dialog.getByLabel('Latitude').inputValue()).resolves.toBe(String(oranienburg.lat));
    await detail.save();

    const saved = await api<Customer>(`/workspaces/${workspaceId}/customers/${customer.id}`);
    expect(saved).toMatchObject({ address: 'Oranienburg, Germany', lat: oranienburg.lat, lng: oranienburg.lng });
    // The map keeps the customer in its middle: hovering there names them at the new address.
    await page.mouse.move(5, 5);
    await detail.hoverMapCentre(name);
    const tip = detail.tooltip.filter({ hasText: name }).filter({ hasText: 'Oranienburg, Germany' });
    await tip.waitFor();
    expect(errors).toEqual([]);
  });
});
