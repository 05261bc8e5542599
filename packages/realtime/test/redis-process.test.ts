import { once } from 'node:events';
import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stopChild } from '../../../scripts/children.mjs';
import { createRedisAdapter } from '../src/index.js';
import { APP, client, eventually, nextEvent, sdk, startServer, subscribed, type TestServer } from './helpers.js';
import {
  deletePrefix,
  FAST,
  REDIS_URL,
  requireRedis,
  type Standalone,
  startStandalone,
  uniquePrefix,
} from './redis-helpers.js';

const prefix = uniquePrefix();
let a: TestServer;
let b: Standalone;
const clients: Pusher[] = [];

beforeAll(async () => {
  await requireRedis();
  a = await startServer({ adapter: createRedisAdapter({ url: REDIS_URL, prefix, ...FAST }) });
  b = startStandalone({
    REALTIME_APP_ID: APP.appId,
    REALTIME_KEY: APP.key,
    REALTIME_SECRET: APP.secret,
    REDIS_URL,
    REALTIME_REDIS_PREFIX: prefix,
    REALTIME_NODE_TTL_MS: String(FAST.nodeTtlMs),
    REALTIME_HEARTBEAT_MS: String(FAST.heartbeatIntervalMs),
    REALTIME_SWEEP_MS: String(FAST.sweepIntervalMs),
  });
  await b.ready;
});

afterAll(async () => {
  for (const pusher of clients) pusher.disconnect();
  if (b) await stopChild(b.child, 'SIGKILL');
  await a?.close();
  await deletePrefix(prefix);
});

it('works across two real processes, and a killed process leaves no ghost members past the bound', async () => {
  const ann = { id: 'u-ann', info: { name: 'Ann' } };
  const bob = { id: 'u-bob', info: { name: 'Bob' } };
  const onA = client(a.port, { user: ann });
  const onB = client(b.port, { user: bob });
  clients.push(onA, onB);

  // Events published through either process reach clients of the other.
  const [jobsA, jobsB] = await Promise.all([
    subscribed(onA, 'private-workspace-1'),
    subscribed(onB, 'private-workspace-1'),
  ]);
  const atA = nextEvent(jobsA, 'change');
  const firstAtB = nextEvent(jobsB, 'change');
  await sdk(b.port).trigger('private-workspace-1', 'change', { seq: 1 });
  expect((await atA).data).toEqual({ seq: 1 });
  // B's own client has it too (before the next event is awaited there).
  expect((await firstAtB).data).toEqual({ seq: 1 });
  const atB = nextEvent(jobsB, 'change');
  await sdk(a.port).trigger('private-workspace-1', 'change', { seq: 2 });
  expect((await atB).data).toEqual({ seq: 2 });

  // Both processes report the same presence members.
  const board = (await subscribed(onA, 'presence-workspace-1')) as PresenceChannel;
  await subscribed(onB, 'presence-workspace-1');
  await eventually(() => board.members.count === 2, 3000, 'bob seen on A');
  const ids = async (port: number) => {
    const res = await sdk(port).get({ path: '/channels/presence-workspace-1/users' });
    return ((await res.json()) as { users: Array<{ id: string }> }).users.map((u) => u.id).sort();
  };
  expect(await ids(a.port)).toEqual([ann.id, bob.id]);
  expect(await ids(b.port)).toEqual([ann.id, bob.id]);

  // Kill B without any clean-up: its heartbeat expires and a sweeper on A removes Bob.
  const removed = nextEvent<{ id: string }>(board, 'pusher:member_removed');
  const killedAt = Date.now();
  b.child.kill('SIGKILL');
  await once(b.child, 'exit');
  expect((await removed).data.id).toBe(bob.id);
  const elapsed = Date.now() - killedAt;
  // Bound: node TTL + one sweep interval (+ scheduling slack).
  expect(elapsed).toBeLessThan(FAST.nodeTtlMs + FAST.sweepIntervalMs + 1000);
  expect(await ids(a.port)).toEqual([ann.id]);
  expect(await a.realtime.channelInfo('private-workspace-1')).toEqual({ occupied: true, subscriptionCount: 1 });
});
