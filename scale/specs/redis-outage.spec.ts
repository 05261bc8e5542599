import { afterAll, beforeAll, expect, it } from 'vitest';
import { LiveMember, realtimeKey, Session } from '../support/clients.js';
import { type Cluster, eventually, sleep, startCluster } from '../support/cluster.js';

// Acceptance (d): the private Redis stops for 15 s while members come and go and jobs are written,
// then starts again empty. Within 5 s every client on both processes shows the same people online
// (departures during the outage included) and holds every change, without waiting for a new one.
let cluster: Cluster;
const members: LiveMember[] = [];

beforeAll(async () => {
  cluster = await startCluster({ SIGNIN_ATTEMPTS_PER_MINUTE: '1000' });
});

afterAll(async () => {
  for (const member of members) member.leave();
  await cluster?.close();
});

async function online(email: string, node: 0 | 1): Promise<LiveMember> {
  const session = await new Session(cluster.baseUrl).signIn(email);
  const member = new LiveMember(session, await realtimeKey(cluster), cluster.nodes[node].port);
  members.push(member);
  return member.join();
}

it('after a Redis outage, presence and changes agree on both processes within 5 s', async () => {
  const owner = await online('owner@demo.test', 0);
  const dispatcher = await online('dispatcher@demo.test', 1);
  const tech1 = await online('tech1@demo.test', 0);
  const tech2 = await online('tech2@demo.test', 1);
  const tech3 = await online('tech3@demo.test', 1);
  const before = [owner, dispatcher, tech1, tech2, tech3].map((m) => m.session.userId).sort();
  for (const m of members) await eventually(() => m.online().join() === before.join(), 10_000, 'presence before');
  // Each process has seen the other's heartbeat (sweeps run every 5 s), so it knows whom to wait for.
  await sleep(6_000);

  await cluster.redis.stop();
  const created: string[] = [];
  // Meanwhile: tech3 leaves (from process 2), tech4 joins process 1, tech5 joins process 2, jobs are written.
  tech3.leave();
  members.splice(members.indexOf(tech3), 1);
  const tech4 = await online('tech4@demo.test', 0);
  const tech5 = await online('tech5@demo.test', 1);
  for (let i = 0; i < 6; i += 1) {
    created.push(await owner.session.createJob(`Written during the outage ${i}`));
    await sleep(2_000);
  }
  await sleep(2_000);
  await cluster.redis.start();

  const expected = [owner, dispatcher, tech1, tech2, tech4, tech5].map((m) => m.session.userId).sort();
  await eventually(
    () => members.every((m) => m.online().join() === expected.join() && created.every((id) => m.seen.has(id))),
    5_000,
    'every client with the same members and every change',
  );

  // Events flow again across processes.
  const after = await dispatcher.session.createJob('Written after the outage');
  await eventually(() => members.every((m) => m.seen.has(after)), 5_000, 'the next change everywhere');
  expect(members.map((m) => m.online())).toEqual(members.map(() => expected));
});
