import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type Pusher from 'pusher-js';
import type { Channel, PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRedisAdapter, RESUME_EVENT } from '../src/index.js';
import { client, eventually, nextEvent, sdk, startServer, subscribed, type TestServer } from './helpers.js';
import { FAST, freePort, startRedisServer } from './redis-helpers.js';

// Its own redis-server, which the test kills and starts again empty (the shared Redis must stay up).
let port: number;
let redis: ChildProcess;
let a: TestServer;
let b: TestServer;
const clients: Pusher[] = [];
const board = 'presence-workspace-7';
const changes = 'private-workspace-7';

async function stopRedis() {
  redis.kill('SIGKILL');
  await once(redis, 'exit');
}

function join(server: TestServer, id: string): Pusher {
  const pusher = client(server.port, { user: { id, info: { name: id } } });
  clients.push(pusher);
  return pusher;
}

const ids = (channel: PresenceChannel) => {
  const list: string[] = [];
  channel.members.each((m: { id: string }) => list.push(m.id));
  return list.sort();
};

beforeAll(async () => {
  port = await freePort();
  redis = await startRedisServer(port);
  const adapter = () => createRedisAdapter({ url: `redis://127.0.0.1:${port}`, prefix: 'recovery:', ...FAST });
  a = await startServer({ adapter: adapter() });
  b = await startServer({ adapter: adapter() });
});

afterAll(async () => {
  for (const pusher of clients) pusher.disconnect();
  await a?.close();
  await b?.close();
  if (redis.exitCode === null) await stopRedis();
});

it('after Redis restarts empty, every client on both nodes sees the same members and is told to catch up', async () => {
  const ann = join(a, 'ann');
  const bob = join(b, 'bob');
  const carl = join(b, 'carl');
  const annBoard = (await subscribed(ann, board)) as PresenceChannel;
  const bobBoard = (await subscribed(bob, board)) as PresenceChannel;
  await subscribed(carl, board);
  const annChanges: Channel = await subscribed(ann, changes);
  await eventually(() => ids(annBoard).length === 3 && ids(bobBoard).length === 3, 5000, 'three members');
  // Both nodes have seen each other's heartbeat (a sweep ran), so each knows its peer before the outage.
  await new Promise((resolve) => setTimeout(resolve, FAST.sweepIntervalMs * 3));
  const removedOnAnn: string[] = [];
  annBoard.bind('pusher:member_removed', (m: { id: string }) => removedOnAnn.push(m.id));

  await stopRedis();
  await eventually(
    () => a.realtime.stats().adapter === 'degraded' && b.realtime.stats().adapter === 'degraded',
    5000,
    'both degraded',
  );
  // Meanwhile: carl leaves B, dave joins A, erin joins B; each newcomer sees only its own node's members.
  carl.disconnect();
  await eventually(async () => (await b.realtime.presenceMembers(board)).length === 1, 3000, 'carl gone from B');
  const dave = join(a, 'dave');
  const erin = join(b, 'erin');
  const daveBoard = (await subscribed(dave, board)) as PresenceChannel;
  const erinBoard = (await subscribed(erin, board)) as PresenceChannel;
  expect(ids(daveBoard)).toEqual(['ann', 'dave']);
  expect(ids(erinBoard)).toEqual(['bob', 'erin']);
  // A change published on B while Redis is away never reaches A's client.
  await sdk(b.port).trigger(changes, 'change', { seq: 9 });

  const resumed = nextEvent(annChanges, RESUME_EVENT);
  redis = await startRedisServer(port);
  await resumed;

  const everyone = ['ann', 'bob', 'dave', 'erin'];
  for (const [name, channel] of [
    ['ann', annBoard],
    ['bob', bobBoard],
    ['dave', daveBoard],
    ['erin', erinBoard],
  ] as const) {
    await eventually(() => ids(channel).join() === everyone.join(), 5000, `${name} sees ${everyone.join()}`);
  }
  // Carl's departure reached A's client; B's members were never shown leaving while B caught up.
  expect(removedOnAnn).toEqual(['carl']);
  expect((await a.realtime.presenceMembers(board)).map((m) => m.id).sort()).toEqual(everyone);

  // And events flow both ways again.
  const next = nextEvent(annChanges, 'change');
  await sdk(b.port).trigger(changes, 'change', { seq: 10 });
  expect((await next).data).toEqual({ seq: 10 });
});

it('a node that died during the outage: its members leave the survivor’s clients once its TTL passed', async () => {
  const adapter = () => createRedisAdapter({ url: `redis://127.0.0.1:${port}`, prefix: 'recovery-2:', ...FAST });
  const survivor = await startServer({ adapter: adapter() });
  const doomed = await startServer({ adapter: adapter() });
  try {
    const fay = join(survivor, 'fay');
    const gus = join(doomed, 'gus');
    const fayBoard = (await subscribed(fay, 'presence-workspace-8')) as PresenceChannel;
    await subscribed(gus, 'presence-workspace-8');
    await eventually(() => ids(fayBoard).join() === 'fay,gus', 5000, 'both members');
    await new Promise((resolve) => setTimeout(resolve, FAST.sweepIntervalMs * 3));

    await stopRedis();
    await eventually(() => survivor.realtime.stats().adapter === 'degraded', 5000, 'degraded');
    gus.disconnect();
    await doomed.close();
    redis = await startRedisServer(port);

    // The survivor waits for its peer to resync; the peer never does, so after the TTL gus is gone.
    await eventually(() => ids(fayBoard).join() === 'fay', FAST.nodeTtlMs * 4, 'gus gone');
  } finally {
    await survivor.close();
    await doomed.close().catch(() => undefined);
  }
});
