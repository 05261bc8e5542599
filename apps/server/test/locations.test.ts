import { type LiveLocation, realtimeLimits } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneBefore } from '../src/modules/locations/queries.js';
import { signUpOwner } from './harness.js';
import { countRows, expectFieldError, expectProblem, ws } from './helpers.js';
import { connectPusher, createLiveApp, eventually, type LiveApp, subscribed } from './realtime-harness.js';
import { createTeam, type Team } from './schedule-helpers.js';

/** Live locations (docs/PRODUCT.md, "Roles and permissions" and "Limits"). */
describe('live locations', () => {
  let live: LiveApp;
  let team: Team;
  let dispatcher: Pusher;
  const seen: LiveLocation[] = [];
  const path = () => ws(team.owner.workspaceId, '/locations');
  const ping = (lat = 52.52, lng = 13.405, extra: Record<string, unknown> = {}) => ({
    lat,
    lng,
    accuracyM: 12,
    heading: 90,
    ...extra,
  });
  /** Lets the next ping of every member through (the limit counts from when a ping arrived). */
  const age = (ms: number) =>
    live.db.kysely
      .updateTable('location_latest')
      .set((eb) => ({ received_at: eb('received_at', '-', ms) }))
      .execute();

  beforeAll(async () => {
    live = await createLiveApp();
    team = await createTeam(live.app);
    dispatcher = connectPusher(live, team.dispatcher.client);
    const channel = await subscribed(dispatcher, `private-locations-${team.owner.workspaceId}`);
    channel.bind('location', (data: LiveLocation) => seen.push(data));
  });
  afterAll(async () => {
    dispatcher.disconnect();
    await live.close();
  });

  it('a technician’s ping is stored and published on the locations channel', async () => {
    const res = await team.tech1.client.post(path(), ping());
    expect(res.statusCode, res.body).toBe(201);
    const stored = res.json() as LiveLocation;
    expect(stored).toEqual({
      memberId: team.tech1.memberId,
      lat: 52.52,
      lng: 13.405,
      accuracyM: 12,
      heading: 90,
      at: expect.any(String),
    });
    await eventually(() => seen.some((l) => l.memberId === team.tech1.memberId), 5000, 'location event');
    expect(seen.find((l) => l.memberId === team.tech1.memberId)).toEqual(stored);
  });

  it('allows one ping per 5 s per member: the next answers 429 with Retry-After', async () => {
    await age(10_000);
    expect((await team.tech2.client.post(path(), ping())).statusCode).toBe(201);
    const again = await team.tech2.client.post(path(), ping(52.53));
    const problem = expectProblem(again, 429, 'rate_limited');
    const retry = Number(again.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(realtimeLimits.locationPingIntervalMs / 1000);
    expect(problem.detail).toMatch(/5 s/);
    // Another member is not held up by it.
    expect((await team.dispatcher.client.post(path(), ping())).statusCode).toBe(201);
    await age(realtimeLimits.locationPingIntervalMs);
    expect((await team.tech2.client.post(path(), ping(52.54))).statusCode).toBe(201);
  });

  it('keeps each accepted ping in the history and only the newest as latest', async () => {
    await age(10_000);
    const before = await countRows(live.db, 'location_pings', { workspaceId: team.owner.workspaceId });
    await team.tech1.client.post(path(), ping(48.1, 11.5));
    expect(await countRows(live.db, 'location_pings', { workspaceId: team.owner.workspaceId })).toBe(before + 1);
    const latest = (await team.owner.client.get(path())).json() as LiveLocation[];
    expect(latest.filter((l) => l.memberId === team.tech1.memberId)).toEqual([
      expect.objectContaining({ lat: 48.1, lng: 11.5 }),
    ]);
  });

  it('GET: every member’s latest for owners and dispatchers, one’s own for technicians, 403 for viewers', async () => {
    const forOwner = (await team.owner.client.get(path())).json() as LiveLocation[];
    const ids = forOwner.map((l) => l.memberId).sort();
    expect(ids).toEqual([team.dispatcher.memberId, team.tech1.memberId, team.tech2.memberId].sort());
    expect(((await team.dispatcher.client.get(path())).json() as LiveLocation[]).length).toBe(3);
    const own = (await team.tech1.client.get(path())).json() as LiveLocation[];
    expect(own.map((l) => l.memberId)).toEqual([team.tech1.memberId]);
    expectProblem(await team.viewer.client.get(path()), 403, 'forbidden');
  });

  it('viewers may not share; other workspaces answer 404; no session 401', async () => {
    expectProblem(await team.viewer.client.post(path(), ping()), 403, 'forbidden');
    const stranger = await signUpOwner(live.app, 'Stranger');
    expectProblem(await stranger.client.post(path(), ping()), 404, 'not_found');
    expectProblem(await stranger.client.get(path()), 404, 'not_found');
    expectProblem(await live.app.inject(path()), 401, 'unauthenticated');
  });

  it('validates latitude, longitude, accuracy, heading and the fix time; rejects unknown fields', async () => {
    const post = (body: unknown) => team.tech1.client.post(path(), body);
    expectFieldError(await post(ping(91)), 'lat');
    expectFieldError(await post(ping(0, -181)), 'lng');
    expectFieldError(await post(ping(0, 0, { accuracyM: -1 })), 'accuracyM');
    expectFieldError(await post(ping(0, 0, { accuracyM: 'near' })), 'accuracyM');
    expectFieldError(await post(ping(0, 0, { heading: 400 })), 'heading');
    expectFieldError(await post({ lng: 1, accuracyM: 5 }), 'lat');
    expectFieldError(await post(ping(0, 0, { speed: 3 })), 'speed');
    await age(10_000);
    expectFieldError(await post(ping(0, 0, { at: new Date(Date.now() + 10 * 60_000).toISOString() })), 'at');
    expectFieldError(await post(ping(0, 0, { at: new Date(Date.now() - 2 * 86_400_000).toISOString() })), 'at');
    const taken = new Date(Date.now() - 30_000).toISOString();
    const ok = await post(ping(0, 0, { at: taken, heading: null }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ at: taken, heading: null });
  });

  it('history older than 30 days is pruned', async () => {
    const old = Date.now() - 31 * 24 * 60 * 60 * 1000;
    await live.db.kysely
      .insertInto('location_pings')
      .values({
        workspace_id: team.owner.workspaceId,
        member_id: team.tech1.memberId,
        lat: 1,
        lng: 1,
        accuracy_m: 5,
        heading: null,
        at: old,
        received_at: old,
      })
      .execute();
    const pruned = await pruneBefore(live.db.kysely, Date.now() - realtimeLimits.locationHistoryDays * 86_400_000);
    expect(pruned).toBe(1);
    const left = await live.db.kysely.selectFrom('location_pings').select('received_at').execute();
    expect(left.every((r) => Number(r.received_at) > old)).toBe(true);
  });
});
