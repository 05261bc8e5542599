import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ws } from './helpers.js';
import {
  closeCodes,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  postForm,
  signedIn,
  sleep,
  subscribed,
} from './realtime-harness.js';
import { createTeam, type Team } from './schedule-helpers.js';

/** Deactivating a member or lowering their role cuts their realtime connections (docs/PRODUCT.md, "States and transitions"). */
describe('terminating a member’s realtime connections', () => {
  let live: LiveApp;
  let team: Team;
  const clients: Pusher[] = [];
  const open = (client: Team['tech1']['client']) => {
    const pusher = connectPusher(live, client);
    clients.push(pusher);
    return pusher;
  };
  const channel = (kind: 'workspace' | 'locations' | 'presence') =>
    `${kind === 'presence' ? 'presence-workspace' : `private-${kind}`}-${team.owner.workspaceId}`;
  const patchMember = (memberId: string, body: unknown) =>
    team.owner.client.patch(ws(team.owner.workspaceId, `/members/${memberId}`), body);

  beforeAll(async () => {
    live = await createLiveApp();
    team = await createTeam(live.app);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.disconnect();
  });
  afterAll(() => live.close());

  it('deactivation disconnects the member’s client with 4009, for good; others see them leave; auth refuses them', async () => {
    const tech = open(team.tech1.client);
    const codes = closeCodes(tech);
    await signedIn(tech);
    await subscribed(tech, channel('workspace'));
    await subscribed(tech, channel('presence'));
    const owner = open(team.owner.client);
    const board = (await subscribed(owner, channel('presence'))) as PresenceChannel;
    await eventually(() => board.members.get(team.tech1.userId) !== null, 3000, 'tech present');
    const left = new Promise((resolve) => board.bind('pusher:member_removed', resolve));

    const res = await patchMember(team.tech1.memberId, { active: false });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => tech.connection.state === 'disconnected', 3000, 'tech disconnected');
    expect(codes).toContain(4009);
    expect(await left).toMatchObject({ id: team.tech1.userId });
    await sleep(1200);
    expect(tech.connection.state).toBe('disconnected');
    expect(owner.connection.state).toBe('connected');

    // The session ended with the membership: both auth endpoints answer 401 from now on.
    const again = await postForm(live, team.tech1.client, '/api/realtime/auth', {
      socket_id: '1.2',
      channel_name: channel('workspace'),
    });
    expect(again.status).toBe(401);
    expect((await postForm(live, team.tech1.client, '/api/realtime/user-auth', { socket_id: '1.2' })).status).toBe(401);
  });

  it('lowering a role cuts the connection; reconnected, the member joins only what the new role may', async () => {
    const dispatcher = open(team.dispatcher.client);
    const codes = closeCodes(dispatcher);
    await signedIn(dispatcher);
    await subscribed(dispatcher, channel('locations'));
    const res = await patchMember(team.dispatcher.memberId, { role: 'technician' });
    expect(res.statusCode, res.body).toBe(200);
    await eventually(() => dispatcher.connection.state === 'disconnected', 3000, 'disconnected');
    expect(codes).toContain(4009);
    dispatcher.disconnect();

    // Still signed in (a role change is not a sign-out): the app reconnects, and the server decides anew.
    const again = open(team.dispatcher.client);
    await signedIn(again);
    await subscribed(again, channel('workspace'));
    await expect(subscribed(again, channel('locations'))).rejects.toThrow(/403/);
  });

  it('raising a role or changing a colour leaves the connection alone', async () => {
    const viewer = open(team.viewer.client);
    const codes = closeCodes(viewer);
    await signedIn(viewer);
    await subscribed(viewer, channel('workspace'));
    expect((await patchMember(team.viewer.memberId, { role: 'dispatcher' })).statusCode).toBe(200);
    expect((await patchMember(team.viewer.memberId, { colour: '#654321' })).statusCode).toBe(200);
    await sleep(500);
    expect(viewer.connection.state).toBe('connected');
    expect(codes).toEqual([]);
  });
});
