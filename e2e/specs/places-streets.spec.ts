import type { Job, Place, Workspace } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobPanel } from '../pages/job-panel.js';
import { placesNotice, suggestionsFor } from '../pages/places-combobox.js';
import { seriousA11yViolations } from '../support/axe.js';
import { demoPassword, launchBrowser, trackPageErrors } from '../support/browser.js';
import { type ExtraServer, startExtraServer } from '../support/extra-server.js';
import { type PhotonStandIn, startPhotonStandIn } from '../support/photon-stand-in.js';

// What the Photon stand-in answers for "Torstraße 50" (a house in Berlin Mitte).
const torstrasse = { label: 'Torstraße 50, 10119 Berlin', lat: 52.5295, lng: 13.4019 };
// A quiet day in the fresh demo database of this spec's own server.
const day = '2027-05-19';

/** How far east a click 100 px right of the pin map's centre lands, in degrees of longitude, at `zoom`. */
const lngPer100px = (zoom: number) => (100 * 360) / (256 * 2 ** zoom);

describe('places find streets through the server geocoder (docs/PRODUCT.md, "Places")', () => {
  let photon: PhotonStandIn;
  let server: ExtraServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let workspaceId = '';

  async function api<T>(path: string, init: { method?: 'PATCH'; data?: unknown } = {}): Promise<T> {
    const response = await context.request.fetch(`/api/v1${path}`, {
      method: init.method ?? 'GET',
      ...(init.data !== undefined && { data: init.data, headers: { origin: server.baseUrl } }),
    });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    photon = await startPhotonStandIn();
    server = await startExtraServer({ GEOCODER_URL: photon.url, GEOCODER_MIN_INTERVAL_MS: '20' });
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(15_000);
    const signIn = await context.request.post('/api/v1/auth/sign-in', {
      data: { email: 'owner@demo.test', password: demoPassword },
      headers: { origin: server.baseUrl },
    });
    expect(signIn.status(), await signIn.text()).toBe(200);
    workspaceId = (await api<{ memberships: { workspaceId: string }[] }>('/me')).memberships[0]?.workspaceId ?? '';
    // The workspace's map is centred on Berlin: the searches are biased to Germany.
    const { map } = await api<Workspace>(`/workspaces/${workspaceId}`);
    await api(`/workspaces/${workspaceId}`, {
      method: 'PATCH',
      data: { map: { ...map, center: { lat: 52.52, lng: 13.405 } } },
    });
    page = await context.newPage();
    errors = trackPageErrors(page);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await photon?.close();
  });

  it('finds "Torstraße 50" as an address; the job is saved with the pin on that house', async () => {
    await page.goto('/w/demo/jobs/new');
    const panel = new JobPanel(page);
    const jobId = await panel.create({
      title: 'Streets e2e',
      place: { query: 'Torstraße 50', option: /^Torstraße 50, 10119 BerlinGermanyAddress$/ },
      start: `${day}T10:00`,
      end: `${day}T11:00`,
      technician: 'Tomasz Nowak',
    });
    const saved = await api<Job>(`/workspaces/${workspaceId}/jobs/${jobId}`);
    expect(saved).toMatchObject({ address: torstrasse.label, lat: torstrasse.lat, lng: torstrasse.lng });
    expect(photon.requests.some((r) => r.url.searchParams.get('q') === 'Torstraße 50')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows a picked street up close and a picked city from afar; "Berlin" lists Berlin, Germany as the first place, once', async () => {
    await page.goto('/w/demo/jobs/new');
    const panel = new JobPanel(page);
    const listbox = page.getByRole('listbox', { name: /Site address suggestions/ });
    await panel.form.waitFor();
    await panel.choosePlace({ query: 'Torstraße 50', option: /^Torstraße 50, 10119 BerlinGermanyAddress$/ });
    await expect.poll(() => panel.pinAt.textContent()).toBe('Pin at 52.52950, 13.40190');
    expect(await panel.position()).toEqual({ lat: torstrasse.lat, lng: torstrasse.lng });

    // Street level (17): a click 100 px east of the pin moves it some 70 m.
    await panel.adjustPin();
    await panel.pin.waitFor();
    await panel.dropPin(100, 0);
    await expect.poll(async () => (await panel.position()).lng).not.toBe(torstrasse.lng);
    const nearby = await panel.position();
    expect(nearby.lng - torstrasse.lng).toBeCloseTo(lngPer100px(17), 4);
    expect(nearby.lat).toBeCloseTo(torstrasse.lat, 4);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Customers whose address starts with "Berlin" come first; the first place is Berlin, Germany.
    const berlins = await suggestionsFor(panel.site, listbox, 'Berlin', /^BerlinGermanyCity$/);
    const places = berlins.filter((s) => s.source !== 'Customer');
    expect(places[0]).toEqual({ label: 'Berlin', secondary: 'Germany', source: 'City' });
    expect(berlins.filter((s) => s.label === 'Berlin' && s.secondary === 'Germany')).toHaveLength(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Chosen with the pin map open: the map shows the city at town level (11).
    const berlin = (await api<Place[]>(`/places?q=Berlin&ws=${workspaceId}`)).find(
      (p) => p.source === 'city' && p.label === 'Berlin' && p.secondary === 'Germany',
    );
    await listbox
      .getByRole('option')
      .filter({ hasText: /^BerlinGermanyCity$/ })
      .click();
    await listbox.waitFor({ state: 'hidden' });
    await expect.poll(() => panel.position()).toEqual({ lat: berlin?.lat, lng: berlin?.lng });
    await panel.dropPin(100, 0);
    await expect.poll(async () => (await panel.position()).lng).not.toBe(berlin?.lng);
    const east = await panel.position();
    expect(east.lng - (berlin?.lng ?? 0)).toBeCloseTo(lngPer100px(11), 2);
    expect(errors).toEqual([]);
  });

  it('with the geocoder down, lists cities and customers and says street search is unavailable', async () => {
    await photon.close();
    await page.goto('/w/demo/jobs/new');
    const panel = new JobPanel(page);
    await panel.form.waitFor();
    const listbox = page.getByRole('listbox', { name: /Site address suggestions/ });
    const found = await suggestionsFor(panel.site, listbox, 'Potsdam', /^PotsdamGermanyCity$/);
    expect(found.some((s) => s.source === 'Address')).toBe(false);
    await expect
      .poll(() => placesNotice(panel.form).textContent())
      .toBe('Street search is unavailable — showing cities and customers only.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
