import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LiveUpdates } from '../../e2e/pages/live-updates.js';
import { SchedulePage } from '../../e2e/pages/schedule-page.js';
import { demoPassword, launchBrowser } from '../../e2e/support/browser.js';
import { connectionsOn } from '../support/clients.js';
import { type Cluster, startCluster } from '../support/cluster.js';

// Acceptance (a): two Chromium browsers behind nginx, their live connections on different processes,
// see each other's jobs appear live and the same people online; the sign-in limit (10 a minute from
// one address) holds across both processes.
const day = '2027-03-15';
let cluster: Cluster;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The product's sign-in limit (SIGNIN_ATTEMPTS_PER_MINUTE 10), counted in the cluster's Redis.
  cluster = await startCluster();
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await cluster?.close();
});

interface Opened {
  page: Page;
  live: LiveUpdates;
  schedule: SchedulePage;
  userId: string;
  ws: string;
  errors: string[];
}

async function open(email: string): Promise<Opened> {
  const context = await browser.newContext({ baseURL: cluster.baseUrl, viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(20_000);
  contexts.push(context);
  const res = await context.request.post('/api/v1/auth/sign-in', {
    data: { email, password: demoPassword },
    headers: { origin: cluster.baseUrl },
  });
  expect(res.status()).toBe(200);
  const me = (await res.json()) as { user: { id: string }; memberships: { workspaceId: string }[] };
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const schedule = new SchedulePage(page);
  await schedule.goto('demo', 'dispatch', 'resourceTimelineDay', day);
  const live = new LiveUpdates(page);
  await live.waitFor('connected');
  return { page, live, schedule, userId: me.user.id, ws: me.memberships[0]?.workspaceId ?? '', errors };
}

async function createJob(by: Opened, title: string) {
  const res = await by.page.request.post(`/api/v1/workspaces/${by.ws}/jobs`, {
    data: {
      title,
      address: 'Torstraße 1, 10119 Berlin',
      lat: 52.529,
      lng: 13.401,
      start: `${day}T09:00:00Z`,
      end: `${day}T10:00:00Z`,
    },
    headers: { origin: cluster.baseUrl },
  });
  expect(res.status()).toBe(201);
}

it('two browsers on different processes see each other’s changes live and the same people online', async () => {
  const owner = await open('owner@demo.test');
  const dispatcher = await open('dispatcher@demo.test');
  // nginx hands out connections in turn; reload the second browser until each process holds one.
  for (let i = 0; i < 8; i += 1) {
    const spread = (await connectionsOn(cluster.nodes[0])) > 0 && (await connectionsOn(cluster.nodes[1])) > 0;
    if (spread) break;
    await dispatcher.page.reload();
    await dispatcher.live.waitFor('connected');
  }
  expect(await connectionsOn(cluster.nodes[0])).toBe(1);
  expect(await connectionsOn(cluster.nodes[1])).toBe(1);

  for (const board of [owner, dispatcher]) {
    await board.live.online(owner.userId).waitFor();
    await board.live.online(dispatcher.userId).waitFor();
  }
  const shown = (board: Opened) =>
    board.live.presence.locator('li[data-user-id]').evaluateAll((items) => items.map((li) => li.dataset.userId).sort());
  expect(await shown(owner)).toEqual(await shown(dispatcher));

  const fromOwner = `From the owner ${Date.now().toString(36)}`;
  await createJob(owner, fromOwner);
  await dispatcher.schedule.events(fromOwner).first().waitFor({ timeout: 10_000 });
  const fromDispatcher = `From the dispatcher ${Date.now().toString(36)}`;
  await createJob(dispatcher, fromDispatcher);
  await owner.schedule.events(fromDispatcher).first().waitFor({ timeout: 10_000 });
  expect([...owner.errors, ...dispatcher.errors]).toEqual([]);
});

it('refuses the 11th sign-in in a minute from one address, whichever process gets it', async () => {
  // The two browsers signed in once each; eight more through nginx (both processes take some) …
  const signIn = (url: string) =>
    fetch(`${url}/api/v1/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: cluster.baseUrl },
      body: JSON.stringify({ email: 'viewer@demo.test', password: demoPassword }),
    });
  for (let i = 0; i < 8; i += 1) expect((await signIn(cluster.baseUrl)).status).toBe(200);
  // … and the 11th is refused by process 1 and by process 2 alike.
  for (const node of cluster.nodes) {
    const refused = await signIn(node.origin);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  }
});
