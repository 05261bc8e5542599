import type Pusher from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectPusher, createLiveApp, eventually, type LiveApp, sleep, subscribed } from './realtime-harness.js';
import { authenticate, authorize, RawSocket } from './realtime-raw.js';
import { createTeam, type Team } from './schedule-helpers.js';

/** Client events and the realtime server's per-connection and per-address caps, as the app runs them. */
describe.each<{
  name: string;
  env: Record<string, string>;
  clientEvents: boolean;
  subscriptions: number;
  perAddress: number;
}>([
  { name: 'defaults', env: {}, clientEvents: false, subscriptions: 100, perAddress: 100 },
  {
    name: 'REALTIME_* set',
    env: { REALTIME_CLIENT_EVENTS: '1', REALTIME_MAX_SUBSCRIPTIONS: '3', REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '4' },
    clientEvents: true,
    subscriptions: 3,
    perAddress: 4,
  },
])('realtime caps ($name)', ({ env, clientEvents, subscriptions, perAddress }) => {
  let live: LiveApp;
  let team: Team;
  const clients: Pusher[] = [];
  const raws: RawSocket[] = [];
  const openRaw = async () => {
    const raw = await RawSocket.open(live);
    raws.push(raw);
    return raw;
  };
  const board = () => `private-workspace-${team.owner.workspaceId}`;

  beforeAll(async () => {
    live = await createLiveApp({ env });
    team = await createTeam(live.app);
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.disconnect();
    const closing = raws.splice(0);
    for (const r of closing) r.close();
    // Gone from the per-address count before the next test opens its own.
    await Promise.all(closing.map((r) => r.closed));
  });
  afterAll(() => live.close());

  it(`client events are ${clientEvents ? 'relayed' : 'refused with 4301 and reach nobody'}`, async () => {
    const owner = connectPusher(live, team.owner.client);
    clients.push(owner);
    const seen: unknown[] = [];
    (await subscribed(owner, board())).bind('client-flood', (d: unknown) => seen.push(d));
    const raw = await openRaw();
    const socketId = await raw.socketId();
    raw.send({ event: 'pusher:signin', data: await authenticate(live, team.viewer.client, socketId) });
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: board(), ...(await authorize(live, team.viewer.client, socketId, board())) },
    });
    expect(await raw.answerFor(board())).toMatchObject({ event: 'pusher_internal:subscription_succeeded' });
    raw.send({ event: 'client-flood', channel: board(), data: { text: 'x'.repeat(9000) } });
    if (clientEvents) {
      await eventually(() => seen.length === 1, 3000, 'the relayed client event');
      return;
    }
    expect(await raw.next((f) => f.event === 'pusher:error')).toMatchObject({ data: { code: 4301 } });
    await sleep(200);
    expect(seen).toEqual([]);
  });

  it(`one socket without cookie or Origin holds at most ${subscriptions} channels (then 4309)`, async () => {
    const raw = await openRaw();
    await raw.socketId();
    for (let i = 0; i <= subscriptions; i += 1)
      raw.send({ event: 'pusher:subscribe', data: { channel: `flood-${i}` } });
    expect(await raw.answerFor(`flood-${subscriptions}`)).toMatchObject({
      event: 'pusher:subscription_error',
      data: { type: 'LimitReached', status: 4309 },
    });
    expect(raw.events('pusher_internal:subscription_succeeded')).toHaveLength(subscriptions);
    expect(raw.events('pusher:error')).toMatchObject([{ data: { code: 4309 } }]);
    expect(raw.ws.readyState).toBe(raw.ws.OPEN);
  });

  it(`one address opens at most ${perAddress} connections; the next is closed with 4100`, async () => {
    for (let i = 0; i < perAddress; i += 1) await (await openRaw()).socketId();
    const over = await openRaw();
    expect(await over.closed).toBe(4100);
    // The ones within the cap are untouched.
    expect(raws.slice(0, perAddress).every((r) => r.ws.readyState === r.ws.OPEN)).toBe(true);
  });
});

describe('realtime per-address cap behind a balancer (TRUST_PROXY)', () => {
  let live: LiveApp;
  const raws: RawSocket[] = [];
  beforeAll(async () => {
    live = await createLiveApp({ env: { TRUST_PROXY: 'loopback', REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '1' } });
  });
  afterAll(async () => {
    for (const r of raws) r.close();
    await live.close();
  });

  it('counts each forwarded client, not the balancer every WebSocket comes from', async () => {
    const open = async (client: string) => {
      const raw = await RawSocket.open(live, { 'x-forwarded-for': client });
      raws.push(raw);
      return raw;
    };
    await (await open('203.0.113.1')).socketId();
    await (await open('203.0.113.2')).socketId();
    expect(await (await open('203.0.113.1')).closed).toBe(4100);
  });
});
