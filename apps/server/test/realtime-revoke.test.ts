import type { ChangeEvent, LiveLocation } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signUpOwner } from './harness.js';
import { ws } from './helpers.js';
import {
  collectChanges,
  connected,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  sleep,
  subscribed,
} from './realtime-harness.js';
import { authenticate, authorize, RawSocket } from './realtime-raw.js';
import { createCustomer, createTeam, type Team } from './schedule-helpers.js';

/**
 * Realtime access ends with the membership or the role, whatever the client does: never signing in,
 * holding authorizations back until after the change, or signing in as another account.
 */
describe('realtime access ends with membership and role', () => {
  let live: LiveApp;
  let team: Team;
  const clients: Pusher[] = [];
  const raws: RawSocket[] = [];
  const channel = (kind: 'workspace' | 'locations' | 'presence') =>
    `${kind === 'presence' ? 'presence-workspace' : `private-${kind}`}-${team.owner.workspaceId}`;
  const patchMember = (memberId: string, body: unknown) =>
    team.owner.client.patch(ws(team.owner.workspaceId, `/members/${memberId}`), body);
  const openRaw = async () => {
    const raw = await RawSocket.open(live);
    raws.push(raw);
    return { raw, socketId: await raw.socketId() };
  };
  /** The owner's signed-in client on the workspace channel: shows when a change has been published. */
  const ownerWatching = async () => {
    const owner = connectPusher(live, team.owner.client);
    clients.push(owner);
    return collectChanges(await subscribed(owner, channel('workspace')));
  };

  beforeAll(async () => {
    live = await createLiveApp();
  });
  beforeEach(async () => {
    team = await createTeam(live.app);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
    for (const r of raws.splice(0)) r.close();
  });
  afterAll(() => live.close());

  it('a client that never signs in gets no workspace data, before or after its member is deactivated', async () => {
    const tech = connectPusher(live, team.tech1.client, { signIn: false });
    clients.push(tech);
    await connected(tech);
    const got = collectChanges(tech.subscribe(channel('workspace')));
    tech.subscribe(channel('presence'));
    const ownerSaw = await ownerWatching();

    expect((await patchMember(team.tech1.memberId, { active: false })).statusCode).toBe(200);
    const customer = await createCustomer(team.owner, { name: 'New Customer', notes: 'Key under the mat' });
    await eventually(() => ownerSaw.some((c) => c.data.id === customer.id), 5000, 'the owner sees the change');
    await sleep(200);
    expect(got.filter((c: ChangeEvent) => c.entity === 'customer')).toEqual([]);
    expect(tech.channel(channel('workspace'))?.subscribed).toBe(false);
  });

  it('a dispatcher demoted to technician gets no positions on a subscription made without signing in', async () => {
    const dispatcher = connectPusher(live, team.dispatcher.client, { signIn: false });
    clients.push(dispatcher);
    await connected(dispatcher);
    const positions: LiveLocation[] = [];
    dispatcher.subscribe(channel('locations')).bind('location', (l: LiveLocation) => positions.push(l));
    const owner = connectPusher(live, team.owner.client);
    clients.push(owner);
    const ownerSaw: LiveLocation[] = [];
    (await subscribed(owner, channel('locations'))).bind('location', (l: LiveLocation) => ownerSaw.push(l));

    expect((await patchMember(team.dispatcher.memberId, { role: 'technician' })).statusCode).toBe(200);
    const ping = await team.tech1.client.post(ws(team.owner.workspaceId, '/locations'), {
      lat: 52.52,
      lng: 13.405,
      accuracyM: 5,
    });
    expect(ping.statusCode, ping.body).toBe(201);
    await eventually(() => ownerSaw.length === 1, 5000, 'the owner sees the position');
    await sleep(200);
    expect(positions).toEqual([]);
  });

  it('authorizations fetched before deactivation and used after it get no data (the sign-in closes 4009)', async () => {
    const { raw, socketId } = await openRaw();
    const signin = await authenticate(live, team.tech1.client, socketId);
    const changes = await authorize(live, team.tech1.client, socketId, channel('workspace'));
    const locations = await authorize(live, team.dispatcher.client, socketId, channel('locations'));
    const ownerSaw = await ownerWatching();

    expect((await patchMember(team.tech1.memberId, { active: false })).statusCode).toBe(200);
    raw.send({ event: 'pusher:subscribe', data: { channel: channel('workspace'), ...changes } });
    raw.send({ event: 'pusher:signin', data: signin });
    expect(await raw.closed).toBe(4009);
    const customer = await createCustomer(team.owner, { name: 'After the cut' });
    await eventually(() => ownerSaw.some((c) => c.data.id === customer.id), 5000, 'the owner sees the change');
    expect(raw.events('pusher_internal:subscription_succeeded')).toEqual([]);
    expect(raw.events('change')).toEqual([]);
    expect(locations.auth).toBeTruthy();
  });

  it('a connection signed in as another account can’t use a member’s authorization', async () => {
    const stranger = await signUpOwner(live.app, 'Sam Stranger');
    const { raw, socketId } = await openRaw();
    raw.send({ event: 'pusher:signin', data: await authenticate(live, stranger.client, socketId) });
    await raw.next((f) => f.event === 'pusher:signin_success');
    const borrowed = await authorize(live, team.tech1.client, socketId, channel('workspace'));
    raw.send({ event: 'pusher:subscribe', data: { channel: channel('workspace'), ...borrowed } });
    expect(await raw.answerFor(channel('workspace'))).toMatchObject({
      event: 'pusher:subscription_error',
      data: { type: 'AuthError', status: 401 },
    });

    const ownerSaw = await ownerWatching();
    expect((await patchMember(team.tech1.memberId, { active: false })).statusCode).toBe(200);
    const customer = await createCustomer(team.owner, { name: 'Not for strangers' });
    await eventually(() => ownerSaw.some((c) => c.data.id === customer.id), 5000, 'the owner sees the change');
    expect(raw.events('change')).toEqual([]);
  });

  it('a deactivated member’s signed-in connection on every channel is closed (4009) and gets nothing more', async () => {
    const tech = connectPusher(live, team.tech1.client);
    clients.push(tech);
    const got = collectChanges(await subscribed(tech, channel('workspace')));
    await subscribed(tech, channel('presence'));
    const ownerSaw = await ownerWatching();
    expect((await patchMember(team.tech1.memberId, { active: false })).statusCode).toBe(200);
    await eventually(() => tech.connection.state === 'disconnected', 5000, 'disconnected');
    const customer = await createCustomer(team.owner, { name: 'After' });
    await eventually(() => ownerSaw.some((c) => c.data.id === customer.id), 5000, 'the owner sees the change');
    expect(got.filter((c) => c.entity === 'customer')).toEqual([]);
  });
});
