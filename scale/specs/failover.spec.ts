import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectionsOn, demoMembers, LiveMember, realtimeKey, Session } from '../support/clients.js';
import { type Cluster, eventually, sleep, startCluster } from '../support/cluster.js';

// Acceptance (c): under a steady load of reads and writes through nginx, one process is killed
// (SIGKILL), then both are restarted one at a time (SIGTERM, start again). Clients reconnect through
// nginx and end with every change; no acknowledged write is lost; the rolling restart shows no 5xx.
let cluster: Cluster;
const members: LiveMember[] = [];

beforeAll(async () => {
  cluster = await startCluster({ SIGNIN_ATTEMPTS_PER_MINUTE: '1000' });
});

afterAll(async () => {
  for (const member of members) member.leave();
  await cluster?.close();
});

interface Load {
  acknowledged: string[];
  /** Answers ≥ 500 and requests that got no answer at all. */
  failures: string[];
  requests: number;
  stop(): Promise<void>;
}

/** Writers create jobs and readers read jobs and /me through nginx, back to back, until stopped. */
function startLoad(sessions: Session[], writers = 2, readers = 2): Load {
  let running = true;
  const load: Load = { acknowledged: [], failures: [], requests: 0, stop: async () => {} };
  const record = (what: string, status: number) => {
    load.requests += 1;
    if (status >= 500) load.failures.push(`${what} → ${status}`);
  };
  const write = async (session: Session, n: number) => {
    for (let i = 0; running; i += 1) {
      try {
        const res = await session.request('POST', `/api/v1/workspaces/${session.workspaceId}/jobs`, {
          title: `Load ${n}.${i}`,
          address: 'Torstraße 1, 10119 Berlin',
          lat: 52.529,
          lng: 13.401,
        });
        record('POST jobs', res.status);
        if (res.status === 201) load.acknowledged.push((res.body as { id: string }).id);
      } catch (err) {
        load.failures.push(`POST jobs → ${(err as Error).message}`);
      }
    }
  };
  const read = async (session: Session) => {
    for (let i = 0; running; i += 1) {
      const path = i % 2 ? '/api/v1/me' : `/api/v1/workspaces/${session.workspaceId}/jobs`;
      try {
        record(`GET ${path}`, (await session.request('GET', path)).status);
      } catch (err) {
        load.failures.push(`GET ${path} → ${(err as Error).message}`);
      }
    }
  };
  const loops = [
    ...Array.from({ length: writers }, (_, n) => write(sessions[n % sessions.length] as Session, n)),
    ...Array.from({ length: readers }, (_, n) => read(sessions[(n + 1) % sessions.length] as Session)),
  ];
  load.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return load;
}

async function everyClientHolds(ids: string[]) {
  await eventually(() => members.every((m) => ids.every((id) => m.seen.has(id))), 20_000, 'every change everywhere');
}

it('kill -9 of one process loses no acknowledged write, and its clients catch up through the other', async () => {
  const key = await realtimeKey(cluster);
  const sessions = await Promise.all(demoMembers.slice(0, 6).map((e) => new Session(cluster.baseUrl).signIn(e)));
  // Through nginx, like browsers: round-robin spreads the connections over both processes.
  for (const session of sessions) members.push(await new LiveMember(session, key, cluster.nginx.port).join());
  for (const session of sessions.slice(0, 4))
    members.push(await new LiveMember(session, key, cluster.nginx.port).join());
  expect(await connectionsOn(cluster.nodes[0])).toBeGreaterThan(0);
  expect(await connectionsOn(cluster.nodes[1])).toBeGreaterThan(0);

  const load = startLoad(sessions);
  await sleep(3_000);
  await cluster.nodes[0].stop('SIGKILL');
  await sleep(5_000);
  await cluster.nodes[0].start();
  await sleep(2_000);
  await load.stop();

  expect(load.acknowledged.length).toBeGreaterThan(10);
  const stored = await cluster.sql<{ id: string }>('SELECT id FROM jobs WHERE id = ANY($1)', [load.acknowledged]);
  expect(stored.length).toBe(load.acknowledged.length);
  await everyClientHolds(load.acknowledged);
  expect(members.every((m) => m.pusher.connection.state === 'connected')).toBe(true);
});

it('a rolling restart of both processes under load answers no 5xx, and every client holds every change', async () => {
  const sessions = members.slice(0, 6).map((m) => m.session);
  const errorsBefore = cluster.nginx.serverErrors().length;
  const load = startLoad(sessions);
  await sleep(2_000);
  for (const node of cluster.nodes) {
    await node.stop('SIGTERM');
    await node.start();
    // nginx left the process out for fail_timeout (2 s) when it refused connections: wait that out,
    // or stopping the other one would leave nginx with no process to send requests to.
    await sleep(3_000);
  }
  await load.stop();

  expect(load.failures).toEqual([]);
  expect(cluster.nginx.serverErrors().slice(errorsBefore)).toEqual([]);
  expect(load.requests).toBeGreaterThan(50);
  await everyClientHolds(load.acknowledged);
});
