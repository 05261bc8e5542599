import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { Client, createTestDb, type Owner, signUpOwner } from './harness.js';
import { expectProblem, inviteMember, ws } from './helpers.js';

// Server processes of one deployment: apps on one database, each remembering the sessions it has read
// (docs/adr/0024-session-read-cache.md). `here` and `far` remember them far longer than production
// does, so nothing they must forget or must still hold can have expired meanwhile; `there` briefly.
const longBoundMs = 60_000;
const thereBoundMs = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sessions read from memory', () => {
  let here: FastifyInstance;
  let far: FastifyInstance;
  let there: FastifyInstance;
  let cleanup: () => Promise<void>;
  let owner: Owner;
  /** A client of `app` sending the cookies `from` has now (a browser whose requests reach either process). */
  const sameBrowser = (app: FastifyInstance, from: Client) => {
    const client = new Client(app);
    client.cookies = new Map(from.cookies);
    return client;
  };

  beforeAll(async () => {
    const made = await createTestDb();
    cleanup = made.cleanup;
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), WEB_DIST: '' };
    here = await buildApp({ config, db: made.db, logger: false, signInPerMinute: 1000, sessionCacheMs: longBoundMs });
    far = await buildApp({ config, db: made.db, logger: false, signInPerMinute: 1000, sessionCacheMs: longBoundMs });
    there = await buildApp({ config, db: made.db, logger: false, signInPerMinute: 1000, sessionCacheMs: thereBoundMs });
    owner = await signUpOwner(here, 'Olga');
  });
  afterAll(async () => {
    await here.close();
    await far.close();
    await there.close();
    await cleanup();
  });

  it('signing out ends the session at once on its process, and on another within the bound', async () => {
    const user = await signUpOwner(here, 'Sam');
    const hereLater = sameBrowser(here, user.client);
    const thereLater = sameBrowser(there, user.client);
    // Both processes have read the session and remember it.
    expect((await hereLater.get('/api/v1/me')).statusCode).toBe(200);
    expect((await thereLater.get('/api/v1/me')).statusCode).toBe(200);

    expect((await user.client.post('/api/v1/auth/sign-out')).statusCode).toBe(204);
    expectProblem(await hereLater.get('/api/v1/me'), 401, 'unauthenticated');
    await sleep(thereBoundMs + 50);
    expectProblem(await thereLater.get('/api/v1/me'), 401, 'unauthenticated');
  });

  it('deactivation ends workspace access at once on every process, and the session within the bound', async () => {
    const tech = await inviteMember(here, owner, 'technician');
    const hereLater = sameBrowser(here, tech.client);
    const farLater = sameBrowser(far, tech.client);
    const thereLater = sameBrowser(there, tech.client);
    for (const client of [hereLater, farLater, thereLater]) {
      expect((await client.get(ws(owner.workspaceId, '/members'))).statusCode).toBe(200);
    }

    expect(
      (await owner.client.patch(ws(owner.workspaceId, `/members/${tech.memberId}`), { active: false })).statusCode,
    ).toBe(200);
    // Here the session is gone at once.
    expectProblem(await hereLater.get('/api/v1/me'), 401, 'unauthenticated');
    // Far away the session is still remembered (it still answers /me), but the membership is read from
    // the database on every request, so the workspace is closed to it at once.
    expect((await farLater.get('/api/v1/me')).statusCode).toBe(200);
    expectProblem(await farLater.get(ws(owner.workspaceId, '/members')), 404, 'not_found');
    expectProblem(await farLater.get(ws(owner.workspaceId)), 404, 'not_found');
    // Past a process's bound, the session is refused there too.
    await sleep(thereBoundMs + 50);
    expectProblem(await thereLater.get('/api/v1/me'), 401, 'unauthenticated');
  });

  it("a workspace's customers leave the places search at once when the member is deactivated", async () => {
    const customer = await owner.client.post(ws(owner.workspaceId, '/customers'), {
      name: 'Quillfeather Bakery',
      address: 'Quillfeatherweg 3, 10115 Berlin',
      lat: 52.53,
      lng: 13.38,
    });
    expect(customer.statusCode).toBe(201);
    const dispatcher = await inviteMember(here, owner, 'dispatcher');
    const farLater = sameBrowser(far, dispatcher.client);
    const search = `/api/v1/places?q=Quillfeather&ws=${owner.workspaceId}`;
    const labels = (res: { json(): unknown }) => (res.json() as { label: string }[]).map((p) => p.label);
    const before = await farLater.get(search);
    expect(before.statusCode).toBe(200);
    expect(labels(before)).toContain('Quillfeatherweg 3, 10115 Berlin');

    const patch = await owner.client.patch(ws(owner.workspaceId, `/members/${dispatcher.memberId}`), { active: false });
    expect(patch.statusCode).toBe(200);
    // Far away the session is still remembered, so the search answers — without the workspace's customers.
    const after = await farLater.get(search);
    expect(after.statusCode).toBe(200);
    expect(labels(after)).not.toContain('Quillfeatherweg 3, 10115 Berlin');
  });
});
