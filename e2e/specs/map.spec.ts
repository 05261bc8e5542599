import type { Area, Member } from '@fieldplan/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AreasPage } from '../pages/areas-page.js';
import { MapPage } from '../pages/map-page.js';
import { baseUrl, launchBrowser, newContext, signInViaApi, trackPageErrors } from '../support/browser.js';
import { type ExtraServer, startExtraServer } from '../support/extra-server.js';
import { type StandIn, standInPlaces, startGoogleStandIn } from '../support/google-stand-in.js';

const xssTitle = '<img src=x onerror=alert(1)>';
/** Strausberg, east of Berlin: outside every demo service area. */
const outsideSite = { lat: 52.5787, lng: 13.8862 };

/** Tomorrow (UTC) as YYYY-MM-DD: a day the e2e job is on. */
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** Counts pixels of a PNG near each named colour (decoded by the browser itself). */
async function pixelCounts(page: Page, png: Buffer, colours: Record<string, [number, number, number]>, tolerance = 10) {
  return page.evaluate(
    async ({ data, colours: wanted, tolerance: tol }) => {
      // Decoded here rather than fetched from a data: URL, which the page's CSP (connect-src) refuses.
      const blob = new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' });
      const bitmap = await createImageBitmap(blob);
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d');
      if (!ctx) throw new Error('no 2d context');
      ctx.drawImage(bitmap, 0, 0);
      const px = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      const counts: Record<string, number> = { total: bitmap.width * bitmap.height, other: 0 };
      for (const name of Object.keys(wanted)) counts[name] = 0;
      for (let i = 0; i < px.length; i += 4) {
        const match = Object.entries(wanted).find(
          ([, [r, g, b]]) =>
            Math.abs((px[i] ?? 0) - r) <= tol &&
            Math.abs((px[i + 1] ?? 0) - g) <= tol &&
            Math.abs((px[i + 2] ?? 0) - b) <= tol,
        );
        const key = match ? match[0] : 'other';
        counts[key] = (counts[key] ?? 0) + 1;
      }
      return counts;
    },
    { data: png.toString('base64'), colours, tolerance },
  );
}

describe('the map', () => {
  let browser: Browser;
  let workspaceId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    // The XSS job, at a known place outside every area, through the API as a dispatcher.
    const context = await newContext(browser);
    await signInViaApi(context, 'dispatcher@demo.test');
    const me = await (await context.request.get('/api/v1/me')).json();
    workspaceId = me.memberships[0].workspaceId;
    const members = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/members`)).json()) as Member[];
    const tech = members.find((m) => m.email === 'tech1@demo.test');
    const res = await context.request.post(`/api/v1/workspaces/${workspaceId}/jobs`, {
      headers: { origin: baseUrl },
      data: {
        title: xssTitle,
        address: 'Große Straße 1, 15344 Strausberg',
        ...outsideSite,
        start: `${tomorrow}T10:00:00Z`,
        end: `${tomorrow}T11:00:00Z`,
        assigneeIds: tech ? [tech.id] : [],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    await context.close();
  });
  afterAll(() => browser.close());

  async function signedIn(
    email = 'dispatcher@demo.test',
  ): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const context = await newContext(browser);
    await signInViaApi(context, email);
    const page = await context.newPage();
    const errors = trackPageErrors(page);
    // An alert() would mean user text ran as markup.
    page.on('dialog', (dialog) => {
      errors.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    return { context, page, errors };
  }

  it('draws a service area and saves it (a reload shows it), then renames, recolours and deletes it', async () => {
    const { context, page, errors } = await signedIn();
    const areas = new AreasPage(page);
    await areas.goto('demo');
    await areas.drawPolygon([
      [-330, -170],
      [-170, -190],
      [-150, -40],
      [-320, -30],
    ]);
    const name = `E2E patch ${Date.now().toString(36)}`;
    await areas.saveNewArea(name);
    await areas.area(name).waitFor();
    await page.getByText(`Saved “${name}”`).waitFor();
    expect(page.url()).toMatch(/[?&]area=/);

    await page.reload();
    await areas.heading.waitFor();
    await expect(areas.area(name).textContent()).resolves.toMatch(/Polygon · 4 vertices/);
    const stored = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/areas`)).json()) as Area[];
    const mine = stored.find((a) => a.name === name);
    expect(mine?.geometry.type).toBe('Polygon');
    expect(mine?.vertexCount).toBe(4);
    // Rename and recolour it (saved with If-Match), then delete it, confirming (so the spec can
    // run again on the same server).
    await areas.area(name).click();
    const form = page.getByRole('form', { name });
    await form.getByLabel('Name').fill(`${name} renamed`);
    await form.getByRole('option', { name: 'Orange' }).click();
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Saved “${name} renamed”`).waitFor();
    const renamed = (await (await context.request.get(`/api/v1/workspaces/${workspaceId}/areas`)).json()) as Area[];
    expect(renamed.find((a) => a.id === mine?.id)).toMatchObject({
      name: `${name} renamed`,
      colour: '#E69F00',
      version: 2,
    });
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete area' }).click();
    await page.getByText(`Deleted “${name} renamed”`).waitFor();
    await expect(areas.area(name).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the XSS title literally in the tooltip and the popup, and flags the job outside every area', async () => {
    const { context, page, errors } = await signedIn();
    const map = new MapPage(page);
    await map.goto('demo', { date: tomorrow, at: { ...outsideSite, zoom: 15 }, show: ['jobs', 'areas'] });
    await map.waitForJobs();
    // (Reruns against one server add more jobs of that title: any of them will do.)
    const row = map.jobRow(xssTitle).first();
    await expect(row.textContent()).resolves.toContain('Outside every area');
    await expect(map.side.getByText(/\d+ outside every area/).count()).resolves.toBe(1);

    await map.hoverCentre();
    const tip = map.tooltip.filter({ hasText: xssTitle }).first();
    await tip.waitFor();
    await expect(tip.textContent()).resolves.toContain('Outside every service area');
    expect(await tip.locator('img').count()).toBe(0);

    await map.clickCentre();
    await map.popup.waitFor();
    await expect(map.popup.getByRole('heading').textContent()).resolves.toBe(xssTitle);
    await expect(map.popup.getByRole('note').textContent()).resolves.toBe('Outside every service area');
    expect(await map.popup.locator('img').count()).toBe(0);
    expect(page.url()).toMatch(/[?&]job=/);

    // The flag is drawn: a dashed red ring around the marker (pixels, not just the DOM).
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');
    await map.popup.waitFor({ state: 'detached' });
    const box = await map.mapBox();
    const clip = { x: box.x + box.width / 2 - 24, y: box.y + box.height / 2 - 24, width: 48, height: 48 };
    const counts = await pixelCounts(page, await map.screenshot(clip), { ring: [196, 43, 28] }, 40);
    expect(counts.ring).toBeGreaterThan(20);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('draws the built-in offline base map when every tile request fails (checked in the pixels)', async () => {
    const { context, page, errors } = await signedIn();
    await context.route('**/*.png', (route) => route.abort());
    const map = new MapPage(page);
    await map.goto('demo', { at: { lat: 50, lng: 10, zoom: 5 }, show: [] });
    await map.offlineNotice.waitFor();
    const colours = { water: [0xdd, 0xe6, 0xee], land: [0xf4, 0xf3, 0xef] } as Record<string, [number, number, number]>;
    let counts: Record<string, number> = {};
    for (let attempt = 0; attempt < 20; attempt++) {
      counts = await pixelCounts(page, await map.screenshot(), colours, 6);
      if ((counts.land ?? 0) / (counts.total ?? 1) > 0.15) break;
      await page.waitForTimeout(500);
    }
    const share = (name: string) => (counts[name] ?? 0) / (counts.total ?? 1);
    // Europe at zoom 5: both sea and land on screen, and lines (coasts, borders, names) drawn on them.
    expect(share('land')).toBeGreaterThan(0.15);
    expect(share('water')).toBeGreaterThan(0.05);
    expect(counts.other ?? 0).toBeGreaterThan(2000);
    expect(errors.filter((e) => !/ERR_FAILED|net::/.test(e))).toEqual([]);
    await context.close();
  });
});

describe('places with Google configured (a local stand-in for the Maps JavaScript API)', () => {
  let browser: Browser;
  let standIn: StandIn;
  let server: ExtraServer;

  beforeAll(async () => {
    browser = await launchBrowser();
    standIn = await startGoogleStandIn();
    server = await startExtraServer({ GOOGLE_MAPS_API_KEY: 'e2e-browser-key', GOOGLE_MAPS_SCRIPT_URL: standIn.url });
  });
  afterAll(async () => {
    await browser.close();
    await server.stop();
    await standIn.close();
  });

  async function signedIn() {
    const context = await browser.newContext({ baseURL: server.baseUrl, viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(15_000);
    const res = await context.request.post('/api/v1/auth/sign-in', {
      data: { email: 'dispatcher@demo.test', password: 'fieldplan-demo' },
      headers: { origin: server.baseUrl },
    });
    expect(res.ok()).toBe(true);
    const page = await context.newPage();
    return { context, page, errors: trackPageErrors(page) };
  }

  it('loads the script once with the key and callback; choosing a prediction fills the address and moves to it', async () => {
    const { context, page, errors } = await signedIn();
    const map = new MapPage(page);
    await map.goto('demo');
    expect(standIn.requests).toHaveLength(0); // lazily: not before the first search
    await map.placeSearch.fill('brandenburg');
    const option = page.getByRole('option', { name: /Brandenburger Tor/ });
    await option.waitFor();
    await expect(option.textContent()).resolves.toContain('Google');
    await map.placeSearch.press('ArrowDown');
    await map.placeSearch.press('Enter');
    const place = standInPlaces[0];
    await expect.poll(() => map.placeSearch.inputValue()).toBe(place?.address);
    await expect.poll(() => page.url()).toMatch(/lat=52\.5162\d&lng=13\.3777\d&z=15/);
    await page
      .locator('.leaflet-tooltip')
      .filter({ hasText: place?.address ?? '' })
      .waitFor();

    await map.placeSearch.fill('havel');
    await page.getByRole('option', { name: /Brandenburg an der Havel/ }).waitFor();
    expect(standIn.requests).toHaveLength(1);
    const params = standIn.requests[0];
    expect(params?.get('key')).toBe('e2e-browser-key');
    expect(params?.get('libraries')).toBe('places');
    expect(params?.get('callback')).toBe('__fieldplanGoogleReady');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('falls back to the built-in search, quietly, when the script cannot load', async () => {
    const { context, page } = await signedIn();
    await context.route(/\/maps\/api\/js/, (route) => route.abort());
    const map = new MapPage(page);
    await map.goto('demo');
    await map.placeSearch.fill('potsd');
    await page
      .getByRole('option', { name: /Potsdam/ })
      .first()
      .waitFor();
    await page.getByText('Google Places is unavailable — using the built-in search.').waitFor();
    await context.close();
  });
});
