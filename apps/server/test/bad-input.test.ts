import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, Client, createTestApp, type Owner, signUpOwner, type TestContext, uniqueEmail } from './harness.js';
import { countRows, errorPaths, expectFieldError, expectProblem, type Res, ws } from './helpers.js';

const validSignUp = () => ({
  name: 'Bea',
  email: uniqueEmail('bea'),
  password: 'correct horse battery',
  workspaceName: 'Bea Co',
});

/** A raw request: any payload string and content type, with the owner's cookie when given. */
function raw(
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  payload: string | Buffer,
  contentType: string | null,
  owner?: Owner,
): Promise<Res> {
  const cookie = owner ? [...owner.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  return app.inject({
    method,
    url,
    payload,
    headers: {
      origin: appOrigin,
      ...(contentType !== null && { 'content-type': contentType }),
      ...(cookie && { cookie }),
    },
  });
}

describe('bad input is answered with problem+json and writes nothing', () => {
  let ctx: TestContext;
  let owner: Owner;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app);
  });
  afterAll(() => ctx.close());

  const counts = async () => ({
    users: await countRows(ctx.db, 'users'),
    workspaces: await countRows(ctx.db, 'workspaces'),
    memberships: await countRows(ctx.db, 'memberships'),
    invitations: await countRows(ctx.db, 'invitations'),
    changes: await countRows(ctx.db, 'changes'),
  });

  it('malformed JSON → 400 validation_failed', async () => {
    const before = await counts();
    for (const body of ['{"name": "x",', '{name: 1}', "{'a': 1}", '[1, 2', 'nope']) {
      expectProblem(
        await raw(ctx.app, 'POST', '/api/v1/auth/sign-up', body, 'application/json'),
        400,
        'validation_failed',
      );
      expectProblem(
        await raw(ctx.app, 'PATCH', ws(owner.workspaceId), body, 'application/json', owner),
        400,
        'validation_failed',
      );
    }
    expectProblem(await raw(ctx.app, 'POST', '/api/v1/auth/sign-in', '', 'application/json'), 400, 'validation_failed');
    expect(await counts()).toEqual(before);
  });

  it('a body that is JSON but not an object → 400', async () => {
    for (const body of ['null', '[]', '"text"', '42', 'true']) {
      expectProblem(
        await raw(ctx.app, 'POST', '/api/v1/auth/sign-up', body, 'application/json'),
        400,
        'validation_failed',
      );
    }
  });

  it('unknown fields → 400 naming each field in errors[].path', async () => {
    const before = await counts();
    const signUp = await new Client(ctx.app).post('/api/v1/auth/sign-up', {
      ...validSignUp(),
      isAdmin: true,
      role: 'owner',
    });
    expectFieldError(signUp, 'isAdmin');
    expect(expectFieldError(signUp, 'role')).toMatch(/role/);
    expect(signUp.cookies).toEqual([]);

    const signIn = await new Client(ctx.app).post('/api/v1/auth/sign-in', {
      email: owner.email,
      password: owner.password,
      remember: true,
    });
    expect(expectFieldError(signIn, 'remember')).toMatch(/remember/);

    const patch = await owner.client.patch(ws(owner.workspaceId), { name: 'New name', ownerId: 'x' });
    expectFieldError(patch, 'ownerId');

    const nested = await owner.client.patch(ws(owner.workspaceId), {
      workingHours: { start: '08:00', end: '17:00', days: [1, 2], lunch: '12:00' },
    });
    expectFieldError(nested, 'workingHours.lunch');

    const member = await owner.client.patch(ws(owner.workspaceId, `/members/${owner.memberId}`), {
      userId: 'someone-else',
    });
    expectFieldError(member, 'userId');

    const invite = await owner.client.post(ws(owner.workspaceId, '/invitations'), {
      email: uniqueEmail('x'),
      role: 'viewer',
      expiresAt: '2100-01-01T00:00:00Z',
    });
    expectFieldError(invite, 'expiresAt');

    expect(await counts()).toEqual(before);
    expect((await owner.client.get(ws(owner.workspaceId))).json().name).not.toBe('New name');
  });

  it('missing fields → 400 with a message naming each field', async () => {
    const before = await counts();
    const res = await new Client(ctx.app).post('/api/v1/auth/sign-up', {});
    expectProblem(res, 400, 'validation_failed');
    expect(errorPaths(res).sort()).toEqual(['email', 'name', 'password', 'workspaceName']);
    expect(expectFieldError(res, 'name')).toMatch(/name/i);
    expect(expectFieldError(res, 'email')).toMatch(/email/i);
    expect(expectFieldError(res, 'password')).toMatch(/password/i);
    expect(expectFieldError(res, 'workspaceName')).toMatch(/workspace name/i);
    expect(res.json().detail).toMatch(/Name.*Email.*Password.*Workspace name/s);

    const partial = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: owner.email });
    expect(errorPaths(partial)).toEqual(['password']);
    expect(expectFieldError(partial, 'password')).toMatch(/password/i);

    const invite = await owner.client.post(ws(owner.workspaceId, '/invitations'), {});
    expect(errorPaths(invite).sort()).toEqual(['email', 'role']);
    expect(expectFieldError(invite, 'role')).toMatch(/role/i);

    const map = await owner.client.patch(ws(owner.workspaceId), { map: { zoom: 3 } });
    expect(errorPaths(map)).toEqual(expect.arrayContaining(['map.center', 'map.tileUrlTemplate']));

    expect(await counts()).toEqual(before);
  });

  it('values out of range → 400 on that field', async () => {
    const short = await new Client(ctx.app).post('/api/v1/auth/sign-up', { ...validSignUp(), password: 'short' });
    expect(expectFieldError(short, 'password')).toMatch(/password.*10/i);
    const email = await new Client(ctx.app).post('/api/v1/auth/sign-up', { ...validSignUp(), email: 'not-an-email' });
    expect(expectFieldError(email, 'email')).toMatch(/email/i);
    const blank = await new Client(ctx.app).post('/api/v1/auth/sign-up', { ...validSignUp(), name: '   ' });
    expect(expectFieldError(blank, 'name')).toMatch(/name/i);
    const long = await new Client(ctx.app).post('/api/v1/auth/sign-up', {
      ...validSignUp(),
      workspaceName: 'w'.repeat(81),
    });
    expect(expectFieldError(long, 'workspaceName')).toMatch(/80/);
    const wrongType = await new Client(ctx.app).post('/api/v1/auth/sign-up', { ...validSignUp(), name: 42 });
    expectFieldError(wrongType, 'name');
  });

  it('a body over 256 KB → 413 payload_too_large', async () => {
    const before = await counts();
    const big = JSON.stringify({ ...validSignUp(), name: 'x'.repeat(300 * 1024) });
    const res = await raw(ctx.app, 'POST', '/api/v1/auth/sign-up', big, 'application/json');
    const body = expectProblem(res, 413, 'payload_too_large');
    expect(body.detail).toMatch(/256 KB/);
    const patch = JSON.stringify({ name: 'y'.repeat(257 * 1024) });
    expectProblem(await raw(ctx.app, 'PATCH', ws(owner.workspaceId), patch, 'application/json', owner), 413);
    expect(await counts()).toEqual(before);
  });

  it('just under 256 KB is read (and then validated)', async () => {
    const res = await raw(
      ctx.app,
      'POST',
      '/api/v1/auth/sign-up',
      JSON.stringify({ ...validSignUp(), name: 'x'.repeat(200 * 1024) }),
      'application/json',
    );
    expect(expectFieldError(res, 'name')).toMatch(/80/);
  });

  it('a wrong content type → 415', async () => {
    const before = await counts();
    const json = JSON.stringify(validSignUp());
    for (const type of [
      'text/plain',
      'text/plain; charset=utf-8',
      'application/x-www-form-urlencoded',
      'application/xml',
    ]) {
      expectProblem(await raw(ctx.app, 'POST', '/api/v1/auth/sign-up', json, type), 415, 'unsupported_media_type');
    }
    expectProblem(
      await raw(ctx.app, 'PATCH', ws(owner.workspaceId), JSON.stringify({ name: 'Z' }), 'text/plain', owner),
      415,
    );
    expectProblem(
      await raw(
        ctx.app,
        'POST',
        '/api/v1/auth/sign-in',
        `email=${owner.email}&password=x`,
        'application/x-www-form-urlencoded',
      ),
      415,
    );
    expect(await counts()).toEqual(before);
  });

  it('sign-up with a taken email → the same 202 as any sign-up, nothing written, nothing revealed', async () => {
    const before = await counts();
    const res = await new Client(ctx.app).post('/api/v1/auth/sign-up', {
      name: 'Mallory',
      email: owner.email.toUpperCase(),
      password: 'another password 1',
      workspaceName: 'Mallory Co',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ next: 'sign-in' });
    expect(res.body).not.toContain("Owner's Company");
    expect(res.body).not.toContain(owner.userId);
    expect(res.cookies).toEqual([]);
    expect(await counts()).toEqual(before);
    const slug = await ctx.db.kysely.selectFrom('workspaces').select('id').where('name', '=', 'Mallory Co').execute();
    expect(slug).toEqual([]);
  });

  it('concurrent sign-ups with one email: one account, every answer the same 202 (never a 500)', async () => {
    const users = await countRows(ctx.db, 'users');
    const workspaces = await countRows(ctx.db, 'workspaces');
    const body = validSignUp();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => new Client(ctx.app).post('/api/v1/auth/sign-up', body)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    expect(await countRows(ctx.db, 'users')).toBe(users + 1);
    expect(await countRows(ctx.db, 'workspaces')).toBe(workspaces + 1);
  });

  it('concurrent sign-ups with one workspace name: every workspace gets its own slug', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        new Client(ctx.app).post('/api/v1/auth/sign-up', { ...validSignUp(), workspaceName: 'Same Name GmbH' }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
    const rows = await ctx.db.kysely
      .selectFrom('workspaces')
      .select('slug')
      .where('name', '=', 'Same Name GmbH')
      .execute();
    expect(new Set(rows.map((r) => r.slug)).size).toBe(5);
  });

  it('concurrent renames to one slug: one wins, the others 400 on slug (never a 500)', async () => {
    const owners = [owner, await signUpOwner(ctx.app), await signUpOwner(ctx.app), await signUpOwner(ctx.app)];
    const results = await Promise.all(owners.map((o) => o.client.patch(ws(o.workspaceId), { slug: 'contested-slug' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    for (const res of results.filter((r) => r.statusCode === 400)) expectFieldError(res, 'slug');
  });

  it('odd bodies, ids and tokens never cause a 500 and always answer problem+json', async () => {
    const bodies: unknown[] = [
      {},
      [],
      [{}],
      'text',
      0,
      { name: { $gt: '' } },
      { email: ['a@b.cd'] },
      { name: 'a'.repeat(10_000) },
      { name: '\u0000', workspaceName: '\u0000', email: 'nul\u0000@example.test', password: 'x\u0000'.repeat(6) },
      { name: '💥'.repeat(40), email: 'ünïcode@exämple.test', password: '😀'.repeat(10), workspaceName: '🚀' },
      { workingHours: null, map: null, slug: null, timeZone: null },
      { role: 'superuser', colour: 'red', active: 'yes', homeBase: { lat: 1e300, lng: -999 } },
      { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
    ];
    const otherId = '00000000-0000-4000-8000-000000000000';
    const routes: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string][] = [
      ['POST', '/api/v1/auth/sign-up'],
      ['POST', '/api/v1/auth/sign-in'],
      ['PATCH', ws(owner.workspaceId)],
      ['PATCH', ws(owner.workspaceId, `/members/${owner.memberId}`)],
      ['PATCH', ws(owner.workspaceId, `/members/${otherId}`)],
      ['POST', ws(owner.workspaceId, '/invitations')],
      ['POST', '/api/v1/invitations/forged-token/accept'],
    ];
    const seen: Res[] = [];
    for (const [method, url] of routes) {
      for (const body of bodies) seen.push(await owner.client.request(method, url, body));
    }
    const weirdIds = [
      '%00',
      'x%00y',
      '..%2F..%2Fetc',
      'a'.repeat(2000),
      "1'%20OR%20'1'='1",
      '%F0%9F%92%A5',
      '%E0%A4%A',
    ];
    for (const id of weirdIds) {
      seen.push(await owner.client.get(ws(id)));
      seen.push(await owner.client.get(ws(id, '/members')));
      seen.push(await owner.client.patch(ws(owner.workspaceId, `/members/${id}`), { colour: '#112233' }));
      seen.push(await owner.client.delete(ws(owner.workspaceId, `/invitations/${id}`)));
      seen.push(await owner.client.get(`/api/v1/invitations/${id}`));
      seen.push(await owner.client.post(`/api/v1/invitations/${id}/accept`, { name: 'N', password: 'long enough pw' }));
    }
    const describe = (res: Res) => `${res.raw.req.method} ${res.raw.req.url?.slice(0, 80)} → ${res.statusCode}`;
    expect(seen.filter((res) => res.statusCode >= 500).map(describe)).toEqual([]);
    const errors = seen.filter((res) => res.statusCode >= 400);
    expect(errors.length).toBeGreaterThan(seen.length / 2);
    expect(
      errors.filter((res) => !/^application\/problem\+json/.test(String(res.headers['content-type']))).map(describe),
    ).toEqual([]);
    for (const res of errors) expectProblem(res, res.statusCode);
  });

  it('text with a NUL character is refused on the field (PostgreSQL cannot store it)', async () => {
    const before = await counts();
    const res = await new Client(ctx.app).post('/api/v1/auth/sign-up', { ...validSignUp(), name: 'Bea\u0000' });
    expect(expectFieldError(res, 'name')).toMatch(/name/);
    const nested = await owner.client.patch(ws(owner.workspaceId), {
      map: {
        center: { lat: 1, lng: 2 },
        zoom: 3,
        tileUrlTemplate: 'https://t.example/{z}/{x}/{y}.png',
        tileAttribution: 'x\u0000',
      },
    });
    expectFieldError(nested, 'map.tileAttribution');
    expectProblem(await owner.client.get(ws('%00')), 404, 'not_found');
    expect(await counts()).toEqual(before);
  });

  it('a malformed URL or an over-long id is a problem+json too', async () => {
    expectProblem(await owner.client.get(ws('%E0%A4%A')), 400, 'validation_failed');
    expectProblem(await owner.client.get(ws('a'.repeat(500))), 404, 'not_found');
  });
});
