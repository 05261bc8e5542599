import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRedisAdapter } from '../src/index.js';
import { client, eventually, nextEvent, sdk, startServer, subscribed, type TestServer } from './helpers.js';
import { FAST, freePort, recordingLogger, startRedisServer } from './redis-helpers.js';

// Its own redis-server, which the test kills and restarts (the shared Redis must stay up for others).
let port: number;
let redis: ChildProcess;
const logger = recordingLogger();
let a: TestServer;
let b: TestServer;
const clients: Pusher[] = [];

async function stopRedis() {
  redis.kill('SIGKILL');
  await once(redis, 'exit');
}

beforeAll(async () => {
  port = await freePort();
  redis = await startRedisServer(port);
  const adapter = () => createRedisAdapter({ url: `redis://127.0.0.1:${port}`, prefix: 'outage:', ...FAST });
  a = await startServer({ adapter: adapter(), logger });
  b = await startServer({ adapter: adapter() });
});

afterAll(async () => {
  for (const pusher of clients) pusher.disconnect();
  await a?.close();
  await b?.close();
  if (redis.exitCode === null) await stopRedis();
});

it('keeps serving local clients while Redis is down, logs it, and recovers when Redis is back', async () => {
  const ann = { id: 'u-ann', info: { name: 'Ann' } };
  const bob = { id: 'u-bob', info: { name: 'Bob' } };
  const onA = client(a.port, { user: ann });
  const onB = client(b.port, { user: bob });
  clients.push(onA, onB);
  const jobsA = await subscribed(onA, 'private-workspace-1');
  const jobsB = await subscribed(onB, 'private-workspace-1');
  const crossed = nextEvent(jobsA, 'change');
  await sdk(b.port).trigger('private-workspace-1', 'change', { seq: 1 });
  expect((await crossed).data).toEqual({ seq: 1 });

  await stopRedis();
  await eventually(() => a.realtime.stats().adapter === 'degraded', 3000, 'A degraded');
  expect(logger.lines).toContainEqual({ level: 'warn', msg: expect.stringContaining('Redis unreachable') });

  // Local delivery goes on: publish through A, A's client gets it at once.
  const local = nextEvent(jobsA, 'change');
  const res = await sdk(a.port).trigger('private-workspace-1', 'change', { seq: 2 });
  expect(res.status).toBe(200);
  expect((await local).data).toEqual({ seq: 2 });
  // Presence keeps working with the node's own view.
  const board = (await subscribed(onA, 'presence-workspace-1')) as PresenceChannel;
  expect(board.members.count).toBe(1);
  expect(a.realtime.stats().connections).toBe(1);

  // Redis comes back empty (no persistence): both nodes reconnect, resubscribe and re-register.
  redis = await startRedisServer(port);
  await eventually(() => a.realtime.stats().adapter === 'ok' && b.realtime.stats().adapter === 'ok', 5000, 'recovered');
  expect(logger.lines).toContainEqual({ level: 'info', msg: expect.stringContaining('Redis is back') });

  // No event published after it is back is lost, in either direction.
  const toA = nextEvent(jobsA, 'change');
  await sdk(b.port).trigger('private-workspace-1', 'change', { seq: 3 });
  expect((await toA).data).toEqual({ seq: 3 });
  const toB = nextEvent(jobsB, 'change');
  await sdk(a.port).trigger('private-workspace-1', 'change', { seq: 4 });
  expect((await toB).data).toEqual({ seq: 4 });

  // A's presence member and subscriber counts were written back to the new Redis.
  expect(await b.realtime.presenceMembers('presence-workspace-1')).toEqual([{ id: ann.id, info: ann.info }]);
  expect(await b.realtime.channelInfo('private-workspace-1')).toEqual({ occupied: true, subscriptionCount: 2 });
  // And a member joining through B now reaches A's client.
  const joined = nextEvent<{ id: string }>(board, 'pusher:member_added');
  await subscribed(onB, 'presence-workspace-1');
  expect((await joined).data.id).toBe(bob.id);
});
