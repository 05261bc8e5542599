import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ChangeEvent, Job } from '@fieldplan/shared';
import { Redis } from 'ioredis';
import pg from 'pg';
import PusherServer from 'pusher';
import type Pusher from 'pusher-js';
import type { PresenceChannel } from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStale } from '../../../scripts/lib.mjs';
import { loadConfig } from '../src/config.js';
import { type Db, openDb } from '../src/db/database.js';
import { resolveCredentials } from '../src/realtime/credentials.js';
import { testDialect } from './harness.js';
import {
  closeCodes,
  collectChanges,
  connectPusher,
  eventually,
  HttpClient,
  repoRoot,
  signedIn,
  spawnUntil,
  stopChild,
  subscribed,
} from './realtime-harness.js';
import { authenticate, authorize, RawSocket } from './realtime-raw.js';

const REDIS_URL = process.env.FIELDPLAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const mainJs = path.join(repoRoot, 'apps/server/dist/main.js');

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

/** The built Fieldplan server (`npm run build -w apps/server`) as its own process on `port`. */
async function startFieldplan(databaseUrl: string) {
  const port = await freePort();
  const started = await spawnUntil(
    [mainJs],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      FIELDPLAN_DEMO: '0',
      WEB_DIST: '',
      LOG_LEVEL: 'warn',
    },
    /Fieldplan is running/,
  );
  return { child: started.child, port, origin: `http://127.0.0.1:${port}` };
}

/**
 * Scaling out (docs/ARCHITECTURE.md): two Fieldplan server processes on one real Redis and one database (PostgreSQL
 * in the PostgreSQL run, one SQLite file otherwise) behave as one realtime service.
 */
describe('two Fieldplan processes on one Redis', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  let a: Awaited<ReturnType<typeof startFieldplan>>;
  let b: Awaited<ReturnType<typeof startFieldplan>>;
  let key = '';
  let secret = '';
  const clients: Pusher[] = [];
  const owner = { http: null as unknown as HttpClient, userId: '', workspaceId: '' };
  const tech = { http: null as unknown as HttpClient, userId: '', memberId: '' };
  const sdkFor = (port: number) =>
    new PusherServer({ appId: 'fieldplan', key, secret, host: '127.0.0.1', port: String(port), useTLS: false });

  beforeAll(async () => {
    // `npm test` on a fresh clone: build the server the way `npm start` would, when it is missing or stale.
    if (isStale('apps/server/dist/main.js', ['apps/server/src', 'packages/shared/src'])) {
      execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build', '-w', 'apps/server'], {
        cwd: repoRoot,
        stdio: 'inherit',
      });
    }
    const shared = await createSharedDatabase();
    ({ db, cleanup } = shared);
    const databaseUrl = shared.url;
    // One after the other: the first migrates, and makes the install secret both then share.
    a = await startFieldplan(databaseUrl);
    b = await startFieldplan(databaseUrl);
    ({ key, secret } = await resolveCredentials(loadConfig({}), db));

    owner.http = new HttpClient(a.origin);
    const ownerEmail = `olga-${Date.now()}@example.test`;
    const signUp = await owner.http.request('POST', '/api/v1/auth/sign-up', {
      name: 'Olga Owner',
      email: ownerEmail,
      password: 'correct horse battery',
      workspaceName: 'Two Processes',
    });
    expect(signUp.status).toBe(202);
    // Sign-up starts no session: sign in next, as the browser does.
    const signIn = await owner.http.request('POST', '/api/v1/auth/sign-in', {
      email: ownerEmail,
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(200);
    const me = signIn.json() as { user: { id: string }; memberships: Array<{ workspaceId: string }> };
    owner.userId = me.user.id;
    owner.workspaceId = me.memberships[0]?.workspaceId ?? '';
    const invite = await owner.http.request('POST', `/api/v1/workspaces/${owner.workspaceId}/invitations`, {
      email: `tim-${Date.now()}@example.test`,
      role: 'technician',
    });
    const token = (invite.json() as { url: string }).url.split('/invite/')[1];
    // The technician works against process B.
    tech.http = new HttpClient(b.origin);
    const accepted = await tech.http.request('POST', `/api/v1/invitations/${token}/accept`, {
      name: 'Tim Tech',
      password: 'member password 123',
    });
    expect(accepted.status).toBe(200);
    const techMe = accepted.json() as { user: { id: string }; memberships: Array<{ memberId: string }> };
    tech.userId = techMe.user.id;
    tech.memberId = techMe.memberships[0]?.memberId ?? '';
  }, 120_000);

  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await Promise.all([a && stopChild(a.child), b && stopChild(b.child)]);
    if (key) await deletePrefix(`fieldplan:${key}:`);
    await cleanup?.();
  });

  it('both processes use the same install credentials (one database)', async () => {
    for (const p of [a, b]) {
      const config = (await (await fetch(`${p.origin}/api/v1/config`)).json()) as { realtime: { key: string } };
      expect(config.realtime.key).toBe(key);
    }
  });

  it('a client on process A receives a change published by process B; both report the same presence members', async () => {
    const onA = connectPusher({ port: a.port, key, origin: a.origin }, owner.http);
    const onB = connectPusher({ port: b.port, key, origin: b.origin }, tech.http);
    clients.push(onA, onB);
    const channel = await subscribed(onA, `private-workspace-${owner.workspaceId}`);
    const seen: ChangeEvent[] = collectChanges(channel);

    // The owner writes through process B (the request, its commit and its publish all happen there).
    const ownerOnB = new HttpClient(b.origin);
    ownerOnB.cookies = owner.http.cookies;
    const created = await ownerOnB.request('POST', `/api/v1/workspaces/${owner.workspaceId}/jobs`, {
      title: 'Published by B',
      address: 'Torstraße 1, Berlin',
      lat: 52.529,
      lng: 13.401,
    });
    expect(created.status).toBe(201);
    const job = created.json() as Job;
    await eventually(() => seen.some((e) => e.data.id === job.id), 5000, 'the change on A');
    expect(seen.find((e) => e.data.id === job.id)).toMatchObject({ entity: 'job', action: 'created', data: job });

    const presence = `presence-workspace-${owner.workspaceId}`;
    const board = (await subscribed(onA, presence)) as PresenceChannel;
    await subscribed(onB, presence);
    await eventually(() => board.members.count === 2, 5000, 'both members on A');
    const ids = async (port: number) => {
      const res = await sdkFor(port).get({ path: `/channels/${presence}/users` });
      return ((await res.json()) as { users: Array<{ id: string }> }).users.map((u) => u.id).sort();
    };
    const expected = [owner.userId, tech.userId].sort();
    expect(await ids(a.port)).toEqual(expected);
    expect(await ids(b.port)).toEqual(expected);
  });

  it('deactivating through process A cuts the member’s connection on process B (4009)', async () => {
    const onB = connectPusher({ port: b.port, key, origin: b.origin }, tech.http);
    clients.push(onB);
    const codes = closeCodes(onB);
    await signedIn(onB);
    const res = await owner.http.request('PATCH', `/api/v1/workspaces/${owner.workspaceId}/members/${tech.memberId}`, {
      active: false,
    });
    expect(res.status).toBe(200);
    await eventually(() => onB.connection.state === 'disconnected', 5000, 'terminated on B');
    expect(codes).toContain(4009);
  });

  it('a socket on process B holding authorizations from before a deactivation through A gets nothing (4009)', async () => {
    const invite = await owner.http.request('POST', `/api/v1/workspaces/${owner.workspaceId}/invitations`, {
      email: `tess-${Date.now()}@example.test`,
      role: 'dispatcher',
    });
    const token = (invite.json() as { url: string }).url.split('/invite/')[1];
    const tess = new HttpClient(b.origin);
    const accepted = await tess.request('POST', `/api/v1/invitations/${token}/accept`, {
      name: 'Tess Dispatch',
      password: 'member password 123',
    });
    expect(accepted.status).toBe(200);
    const memberId = (accepted.json() as { memberships: Array<{ memberId: string }> }).memberships[0]?.memberId;

    // Opened on B and authorized while Tess is active, but nothing sent until after the deactivation on A.
    const raw = await RawSocket.open({ port: b.port, key, origin: b.origin });
    const socketId = await raw.socketId();
    const locations = `private-locations-${owner.workspaceId}`;
    const signin = await authenticate(b, tess, socketId);
    const subscription = await authorize(b, tess, socketId, locations);
    const res = await owner.http.request('PATCH', `/api/v1/workspaces/${owner.workspaceId}/members/${memberId}`, {
      active: false,
    });
    expect(res.status).toBe(200);
    raw.send({ event: 'pusher:subscribe', data: { channel: locations, ...subscription } });
    raw.send({ event: 'pusher:signin', data: signin });
    expect(await raw.closed).toBe(4009);
    expect(raw.events('pusher_internal:subscription_succeeded')).toEqual([]);
  });
});

/**
 * A fresh database the child processes open by URL (and the test reads): a new PostgreSQL database in
 * the PostgreSQL run, one SQLite file (WAL, several processes) otherwise. The first process migrates it.
 */
async function createSharedDatabase(): Promise<{ db: Db; url: string; cleanup: () => Promise<void> }> {
  if (testDialect === 'postgres') {
    const adminUrl = process.env.FIELDPLAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `fieldplan_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = openDb(url.toString());
    return {
      db,
      url: url.toString(),
      cleanup: async () => {
        await db.close();
        const drop = new pg.Client({ connectionString: adminUrl });
        await drop.connect();
        await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await drop.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-redis-'));
  const url = `sqlite:${path.join(dir, 'shared.sqlite')}`;
  const db = openDb(url);
  return {
    db,
    url,
    cleanup: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function deletePrefix(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}
