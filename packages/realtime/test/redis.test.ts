import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedisAdapter } from '../src/index.js';
import { client, eventually, nextEvent, sdk, sleep, startServer, subscribed, type TestServer } from './helpers.js';
import { deletePrefix, FAST, REDIS_URL, requireRedis, uniquePrefix } from './redis-helpers.js';

const runPrefix = uniquePrefix();
let testNumber = 0;
let nodes: TestServer[] = [];
const clients: Pusher[] = [];
const open = (...args: Parameters<typeof client>) => {
  const pusher = client(...args);
  clients.push(pusher);
  return pusher;
};

/** Two "processes": two servers, each with its own Redis connections, sharing one key prefix. */
async function twoNodes(): Promise<[TestServer, TestServer]> {
  testNumber += 1;
  const prefix = `${runPrefix}${testNumber}:`;
  nodes = await Promise.all(
    [1, 2].map(() =>
      startServer({ clientEvents: true, adapter: createRedisAdapter({ url: REDIS_URL, prefix, ...FAST }) }),
    ),
  );
  return nodes as [TestServer, TestServer];
}

beforeAll(() => requireRedis());
afterEach(async () => {
  for (const pusher of clients.splice(0)) pusher.disconnect();
  for (const node of nodes.splice(0)) await node.close();
});
afterAll(() => deletePrefix(runPrefix));

const ann = { id: 'u-ann', info: { name: 'Ann', role: 'dispatcher', colour: '#f00' } };
const bob = { id: 'u-bob', info: { name: 'Bob', role: 'technician', colour: '#00f' } };

describe('Redis adapter, two nodes', () => {
  it('delivers an event published through one node to clients of the other', async () => {
    const [a, b] = await twoNodes();
    const onA = await subscribed(open(a.port), 'private-workspace-1');
    const onB = await subscribed(open(b.port), 'private-workspace-1');
    const atA = nextEvent(onA, 'change');
    const atB = nextEvent(onB, 'change');
    await sdk(b.port).trigger('private-workspace-1', 'change', { seq: 1 });
    expect([(await atA).data, (await atB).data]).toEqual([{ seq: 1 }, { seq: 1 }]);
    const again = nextEvent(onB, 'change');
    await a.realtime.publish('private-workspace-1', 'change', { seq: 2 });
    expect((await again).data).toEqual({ seq: 2 });
  });

  it('relays client events and honours socket_id exclusion across nodes', async () => {
    const [a, b] = await twoNodes();
    const sender = open(a.port);
    const [sent, got] = await Promise.all([
      subscribed(sender, 'private-chat'),
      subscribed(open(b.port), 'private-chat'),
    ]);
    const relayed = new Promise((resolve) => got.bind('client-typing', resolve));
    sent.trigger('client-typing', { on: true });
    expect(await relayed).toEqual({ on: true });
    const echoes: unknown[] = [];
    sent.bind('skip', (d: unknown) => echoes.push(d));
    const atB = nextEvent(got, 'skip');
    await sdk(b.port).trigger('private-chat', 'skip', {}, { socket_id: sender.connection.socket_id });
    await atB;
    await sleep(100);
    expect(echoes).toEqual([]);
  });

  it('keeps presence in Redis: the same members on both nodes, added and removed once cluster-wide', async () => {
    const [a, b] = await twoNodes();
    const board = (await subscribed(open(a.port, { user: bob }), 'presence-workspace-1')) as PresenceChannel;
    const added: string[] = [];
    const removed: string[] = [];
    board.bind('pusher:member_added', (m: { id: string }) => added.push(m.id));
    board.bind('pusher:member_removed', (m: { id: string }) => removed.push(m.id));

    const tabOnA = open(a.port, { user: ann });
    const tabOnB = open(b.port, { user: ann });
    await subscribed(tabOnA, 'presence-workspace-1');
    const second = (await subscribed(tabOnB, 'presence-workspace-1')) as PresenceChannel;
    expect(second.members.count).toBe(2);
    await eventually(() => added.length === 1, 2000, 'member_added');

    const sorted = (list: Array<{ id: string }>) => [...list].sort((x, y) => x.id.localeCompare(y.id));
    const fromA = sorted(await a.realtime.presenceMembers('presence-workspace-1'));
    expect(fromA).toEqual([
      { id: ann.id, info: ann.info },
      { id: bob.id, info: bob.info },
    ]);
    expect(sorted(await b.realtime.presenceMembers('presence-workspace-1'))).toEqual(fromA);
    const users = await (await sdk(b.port).get({ path: '/channels/presence-workspace-1/users' })).json();
    expect(sorted(users.users)).toEqual([{ id: ann.id }, { id: bob.id }]);

    tabOnA.disconnect();
    await eventually(async () => (await b.realtime.channelInfo('presence-workspace-1')).subscriptionCount === 2);
    await sleep(150);
    expect(removed).toEqual([]);
    tabOnB.disconnect();
    await eventually(() => removed.length === 1, 2000, 'member_removed');
    expect(added).toEqual([ann.id]);
    expect(removed).toEqual([ann.id]);
  });

  it('answers channel queries with the counts of every node', async () => {
    const [a, b] = await twoNodes();
    await subscribed(open(a.port), 'jobs');
    await subscribed(open(b.port), 'jobs');
    await subscribed(open(b.port, { user: ann }), 'presence-room');
    await subscribed(open(a.port, { user: bob }), 'presence-room');
    for (const node of [a, b]) {
      const api = sdk(node.port);
      const all = await (await api.get({ path: '/channels', params: { info: 'subscription_count' } })).json();
      expect(all).toEqual({
        channels: { jobs: { subscription_count: 2 }, 'presence-room': { subscription_count: 2 } },
      });
      const room = await api.get({
        path: '/channels/presence-room',
        params: { info: 'user_count,subscription_count' },
      });
      expect(await room.json()).toEqual({ occupied: true, user_count: 2, subscription_count: 2 });
    }
  });

  it('terminates a user’s connections on every node', async () => {
    const [a, b] = await twoNodes();
    const onB = open(b.port, { user: ann });
    onB.signin();
    await eventually(() => onB.user.user_data !== null, 3000, 'signin');
    await sdk(a.port).terminateUserConnections(ann.id);
    await eventually(() => onB.connection.state === 'disconnected', 3000, 'terminated');
  });

  it('removes the members of a node at once when it shuts down cleanly', async () => {
    const [a, b] = await twoNodes();
    const board = (await subscribed(open(a.port, { user: bob }), 'presence-workspace-1')) as PresenceChannel;
    await subscribed(open(b.port, { user: ann }), 'presence-workspace-1');
    await eventually(() => board.members.count === 2);
    const removed = nextEvent<{ id: string }>(board, 'pusher:member_removed');
    await b.close();
    nodes = [a];
    expect((await removed).data.id).toBe(ann.id);
    expect(await a.realtime.presenceMembers('presence-workspace-1')).toEqual([{ id: bob.id, info: bob.info }]);
  });
});
