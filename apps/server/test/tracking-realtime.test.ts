import { coarsenPosition, type TrackingPage, type TrackingView } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from './harness.js';
import { ws } from './helpers.js';
import { connectPusher, createLiveApp, eventually, type LiveApp, subscribed } from './realtime-harness.js';
import { createTeam, type Team } from './schedule-helpers.js';
import { linksOf, moveTo, tokenOf, visitNow } from './tracking-fixtures.js';

/**
 * The customer's page lives on a public channel named after its token's hash: an official
 * pusher-js client with no session subscribes to it and receives exactly what the page shows.
 */
describe('the tracking link’s public channel', () => {
  let live: LiveApp;
  let team: Team;
  let customer: Pusher;

  beforeAll(async () => {
    live = await createLiveApp();
    team = await createTeam(live.app);
  });
  afterAll(async () => {
    customer?.disconnect();
    await live.close();
  });

  it('carries the coarsened position while en route, none once in progress, then ends', async () => {
    const job = await visitNow(team);
    const enRoute = await moveTo(team, job, 'en_route');
    const [link] = await linksOf(team, job.id);
    const page = (await new Client(live.app).get(`/api/v1/track/${tokenOf(link as never)}`)).json() as TrackingPage;

    // No cookies: a public channel needs no authorization.
    customer = connectPusher(live, { cookies: new Map() });
    const channel = await subscribed(customer, page.channel);
    const updates: TrackingView[] = [];
    let ended = 0;
    channel.bind('update', (view: TrackingView) => updates.push(view));
    channel.bind('ended', () => {
      ended += 1;
    });

    const at = { lat: 52.5123, lng: 13.3987 };
    const res = await team.tech1.client.post(ws(team.owner.workspaceId, '/locations'), { ...at, accuracyM: 5 });
    expect(res.statusCode, res.body).toBe(201);
    await eventually(() => updates.some((u) => u.position !== null), 5000, 'a position update');
    const moving = updates.find((u) => u.position !== null) as TrackingView;
    expect(Object.keys(moving).sort()).toEqual(['eta', 'position', 'status', 'technician', 'window']);
    expect(moving.status).toBe('en_route');
    expect(moving.position).toMatchObject(coarsenPosition(at));
    expect(moving.eta).not.toBeNull();

    const working = await moveTo(team, enRoute, 'in_progress');
    await eventually(() => updates.some((u) => u.status === 'in_progress'), 5000, 'the in-progress update');
    const inProgress = updates.find((u) => u.status === 'in_progress') as TrackingView;
    expect(inProgress.position).toBeNull();
    expect(inProgress.eta).toBeNull();

    // Pings while in progress publish nothing with a position on the channel.
    const count = updates.length;
    await live.db.kysely.updateTable('location_latest').set({ received_at: 0 }).execute();
    expect(
      (await team.tech1.client.post(ws(team.owner.workspaceId, '/locations'), { ...at, accuracyM: 5 })).statusCode,
    ).toBe(201);
    await moveTo(team, working, 'completed');
    await eventually(() => ended === 1, 5000, 'the ended event');
    expect(updates.slice(count).every((u) => u.position === null)).toBe(true);
  });
});
