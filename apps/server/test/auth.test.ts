import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpOwner, type TestContext, uniqueEmail } from './harness.js';
import { countRows, createInvitation, expectProblem, sha256, ws } from './helpers.js';

const password = 'correct horse battery';
const thirtyDaysS = 30 * 24 * 60 * 60;

describe('accounts and sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('signs up: creates the user and a workspace they own; 202 "sign in next", then sign-in sets the session cookie', async () => {
    const client = new Client(ctx.app);
    const email = uniqueEmail('ada');
    const signUp = await client.post('/api/v1/auth/sign-up', {
      name: '  Ada Lovelace ',
      email: `  ${email.toUpperCase()} `,
      password,
      workspaceName: 'Ada Plumbing GmbH',
    });
    expect(signUp.statusCode).toBe(202);
    expect(signUp.json()).toEqual({ next: 'sign-in' });
    expect(signUp.cookies).toEqual([]);
    expectProblem(await client.get('/api/v1/me'), 401, 'unauthenticated');
    const res = await client.post('/api/v1/auth/sign-in', { email, password });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toEqual({
      user: { id: expect.any(String), name: 'Ada Lovelace', email, language: null },
      memberships: [
        {
          memberId: expect.any(String),
          workspaceId: expect.any(String),
          workspaceName: 'Ada Plumbing GmbH',
          workspaceSlug: 'ada-plumbing-gmbh',
          role: 'owner',
          colour: expect.stringMatching(/^#[0-9A-F]{6}$/i),
        },
      ],
    });

    const cookie = res.cookies.find((c) => c.name === 'fp_session');
    expect(cookie).toBeDefined();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(22);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(thirtyDaysS);
    expect(String(res.headers['set-cookie'])).not.toMatch(/secure/i);
    expect(res.cookies.some((c) => c.name.startsWith('__Host-'))).toBe(false);

    const again = await client.get('/api/v1/me');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(me);

    const workspace = await client.get(ws(me.memberships[0].workspaceId));
    expect(workspace.statusCode).toBe(200);
    expect(workspace.json().name).toBe('Ada Plumbing GmbH');
  });

  describe('sign-up with an email that already has an account', () => {
    const signUpAs = (email: string, pw = 'an attacker password') =>
      new Client(ctx.app).post('/api/v1/auth/sign-up', {
        name: 'Mallory',
        email,
        password: pw,
        workspaceName: 'Mallory Co',
      });

    it('answers exactly like a new sign-up: same status, body and headers, no cookie, nothing created', async () => {
      const owner = await signUpOwner(ctx.app, 'Existing');
      const users = await countRows(ctx.db, 'users');
      const workspaces = await countRows(ctx.db, 'workspaces');
      const taken = await signUpAs(owner.email.toUpperCase());
      const fresh = await signUpAs(uniqueEmail('fresh'));
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.body).toBe(fresh.body);
      const headerNames = (res: typeof taken) =>
        Object.keys(res.headers)
          .filter((h) => h !== 'date' && h !== 'x-request-id')
          .sort();
      expect(headerNames(taken)).toEqual(headerNames(fresh));
      expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(taken.cookies).toEqual([]);
      expect(fresh.cookies).toEqual([]);
      // Only the fresh sign-up made an account and a workspace; the existing one is unchanged.
      expect(await countRows(ctx.db, 'users')).toBe(users + 1);
      expect(await countRows(ctx.db, 'workspaces')).toBe(workspaces + 1);
      expectProblem(
        await new Client(ctx.app).post('/api/v1/auth/sign-in', {
          email: owner.email,
          password: 'an attacker password',
        }),
        401,
        'unauthenticated',
      );
      expect((await owner.client.get('/api/v1/me')).json().memberships).toHaveLength(1);
    });

    it("the account's owner is told at their next sign-in, once", async () => {
      const owner = await signUpOwner(ctx.app, 'Told');
      const first = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: owner.email, password });
      expect(first.json()).not.toHaveProperty('notices');
      expect((await signUpAs(owner.email)).statusCode).toBe(202);
      const next = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: owner.email, password });
      expect(next.statusCode).toBe(200);
      expect(next.json().notices).toEqual([
        { kind: 'sign-up-attempt', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      ]);
      const after = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: owner.email, password });
      expect(after.json()).not.toHaveProperty('notices');
      // A wrong password learns nothing of it.
      const wrong = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: owner.email, password: 'nope' });
      expect(wrong.body).not.toMatch(/sign-up-attempt/);
    });

    it('concurrent sign-ups with one new email: all answer 202 alike, one account and one workspace', async () => {
      const users = await countRows(ctx.db, 'users');
      const workspaces = await countRows(ctx.db, 'workspaces');
      const email = uniqueEmail('race');
      const results = await Promise.all(Array.from({ length: 5 }, () => signUpAs(email, password)));
      expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202, 202, 202]);
      expect(new Set(results.map((r) => r.body)).size).toBe(1);
      expect(await countRows(ctx.db, 'users')).toBe(users + 1);
      expect(await countRows(ctx.db, 'workspaces')).toBe(workspaces + 1);
      const me = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email, password });
      expect(me.json().memberships).toHaveLength(1);
    });
  });

  it('stores the session hashed: the cookie value is not in the sessions table', async () => {
    const owner = await signUpOwner(ctx.app);
    const token = owner.client.cookies.get('fp_session') ?? '';
    expect(token).not.toBe('');
    const rows = await ctx.db.kysely.selectFrom('sessions').selectAll().where('user_id', '=', owner.userId).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.id_hash).toBe(sha256(token));
  });

  it('rotates the session id at sign-in: the old cookie no longer works', async () => {
    const owner = await signUpOwner(ctx.app);
    const before = owner.client.cookies.get('fp_session') ?? '';
    const res = await owner.client.post('/api/v1/auth/sign-in', { email: owner.email, password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(owner.email);
    const after = owner.client.cookies.get('fp_session') ?? '';
    expect(after).not.toBe('');
    expect(after).not.toBe(before);

    const stale = new Client(ctx.app);
    stale.cookies.set('fp_session', before);
    expectProblem(await stale.get('/api/v1/me'), 401, 'unauthenticated');
    expect((await owner.client.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('keeps other devices signed in when one device signs in again', async () => {
    const owner = await signUpOwner(ctx.app);
    const phone = new Client(ctx.app);
    expect((await phone.post('/api/v1/auth/sign-in', { email: owner.email, password })).statusCode).toBe(200);
    expect((await owner.client.get('/api/v1/me')).statusCode).toBe(200);
    expect((await phone.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('signs out: the session ends and the old cookie answers 401', async () => {
    const owner = await signUpOwner(ctx.app);
    const token = owner.client.cookies.get('fp_session') ?? '';
    const res = await owner.client.post('/api/v1/auth/sign-out');
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'fp_session');
    expect(cleared?.value).toBe('');
    expect(owner.client.cookies.has('fp_session')).toBe(false);
    expect(await countRows(ctx.db, 'sessions')).toBeGreaterThan(0);
    expect(
      await ctx.db.kysely.selectFrom('sessions').select('id_hash').where('id_hash', '=', sha256(token)).execute(),
    ).toEqual([]);

    const replay = new Client(ctx.app);
    replay.cookies.set('fp_session', token);
    const me = await replay.get('/api/v1/me');
    expectProblem(me, 401, 'unauthenticated');
    expect(me.cookies.find((c) => c.name === 'fp_session')?.value).toBe('');
    expectProblem(await replay.get(ws(owner.workspaceId)), 401, 'unauthenticated');
  });

  it('signing out without a session is harmless', async () => {
    const res = await new Client(ctx.app).post('/api/v1/auth/sign-out');
    expect(res.statusCode).toBe(204);
  });

  it('a forged or expired session cookie is a 401', async () => {
    const forged = new Client(ctx.app);
    forged.cookies.set('fp_session', 'A'.repeat(43));
    expectProblem(await forged.get('/api/v1/me'), 401, 'unauthenticated');

    const owner = await signUpOwner(ctx.app);
    await ctx.db.kysely
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1000 })
      .where('user_id', '=', owner.userId)
      .execute();
    expectProblem(await owner.client.get('/api/v1/me'), 401, 'unauthenticated');
  });

  it('slides the 30-day expiry forward when the session is used', async () => {
    const owner = await signUpOwner(ctx.app);
    const soon = Date.now() + 24 * 60 * 60 * 1000;
    await ctx.db.kysely.updateTable('sessions').set({ expires_at: soon }).where('user_id', '=', owner.userId).execute();
    const res = await owner.client.get('/api/v1/me');
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'fp_session')?.maxAge).toBe(thirtyDaysS);
    const row = await ctx.db.kysely
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(Number(row.expires_at)).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it('signs in case-insensitively by email', async () => {
    const owner = await signUpOwner(ctx.app);
    const res = await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: owner.email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    expect(res.json().memberships[0].workspaceId).toBe(owner.workspaceId);
  });

  it('gives a wrong password and an unknown email the identical answer', async () => {
    const owner = await signUpOwner(ctx.app);
    const wrong = await new Client(ctx.app).post('/api/v1/auth/sign-in', {
      email: owner.email,
      password: 'not the password',
    });
    const unknown = await new Client(ctx.app).post('/api/v1/auth/sign-in', {
      email: uniqueEmail('nobody'),
      password: 'not the password',
    });
    expectProblem(wrong, 401, 'unauthenticated');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.headers['content-type']).toBe(wrong.headers['content-type']);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.cookies).toEqual([]);
    expect(unknown.cookies).toEqual([]);
  });

  it('never returns a password or its hash', async () => {
    const owner = await signUpOwner(ctx.app);
    const secret = 'a very secret pass 42';
    const invitation = await createInvitation(owner, 'technician');
    const invitee = new Client(ctx.app);
    const responses = [
      await invitee.get(`/api/v1/invitations/${invitation.token}`),
      await invitee.post(`/api/v1/invitations/${invitation.token}/accept`, { name: 'Tess', password: secret }),
      await invitee.get('/api/v1/me'),
      await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: invitation.email, password: secret }),
      await new Client(ctx.app).post('/api/v1/auth/sign-in', { email: invitation.email, password: `${secret}!` }),
      await owner.client.get(ws(owner.workspaceId, '/members')),
      await owner.client.get(ws(owner.workspaceId, '/invitations')),
      await owner.client.get(ws(owner.workspaceId)),
      await new Client(ctx.app).post('/api/v1/auth/sign-up', {
        name: 'Pat',
        email: uniqueEmail('pat'),
        password: secret,
        workspaceName: 'Pat Co',
      }),
      await new Client(ctx.app).post('/api/v1/auth/sign-up', {
        name: 'Pat',
        email: invitation.email,
        password: secret,
        workspaceName: 'Pat Co',
      }),
    ];
    const hashes = await ctx.db.kysely.selectFrom('users').select('password_hash').execute();
    for (const res of responses) {
      expect(res.statusCode).toBeLessThan(500);
      expect(res.body).not.toContain(secret);
      expect(res.body).not.toContain(password);
      expect(res.body).not.toMatch(/scrypt|password_?hash|passwordHash/i);
      for (const { password_hash } of hashes) expect(res.body).not.toContain(password_hash.split('$').at(-1));
    }
  });
});

describe('secure cookies behind https (PUBLIC_URL=https://…)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { PUBLIC_URL: 'https://x.example' } });
  });
  afterAll(() => ctx.close());

  it('names the cookie __Host-fp_session and marks it Secure, HttpOnly, SameSite=Lax, Path=/', async () => {
    const client = new Client(ctx.app, { origin: 'https://x.example' });
    const owner = await signUpOwner(ctx.app, 'Sec', { client: new Client(ctx.app, { origin: 'https://x.example' }) });
    const res = await client.post('/api/v1/auth/sign-in', { email: owner.email, password });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === '__Host-fp_session');
    expect(cookie).toBeDefined();
    expect(cookie?.secure).toBe(true);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    expect(cookie?.domain).toBeUndefined();
    expect(res.cookies.some((c) => c.name === 'fp_session')).toBe(false);

    expect((await client.get('/api/v1/me')).statusCode).toBe(200);
    // Writes are checked against PUBLIC_URL's origin, not the Host header.
    const fromHost = new Client(ctx.app);
    fromHost.cookies = new Map(client.cookies);
    expectProblem(await fromHost.post('/api/v1/auth/sign-out'), 403, 'forbidden');
    expect((await client.post('/api/v1/auth/sign-out')).statusCode).toBe(204);
    expectProblem(await client.get('/api/v1/me'), 401, 'unauthenticated');
  });

  it('puts the public URL in invitation links', async () => {
    const owner = await signUpOwner(ctx.app, 'Sec', { client: new Client(ctx.app, { origin: 'https://x.example' }) });
    const invitation = await createInvitation(owner, 'viewer');
    expect(invitation.url).toMatch(/^https:\/\/x\.example\/invite\/[A-Za-z0-9_-]{22,}$/);
  });
});

describe('sign-in throttling (10 a minute per account and per address)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ signInPerMinute: 10 });
  });
  afterAll(() => ctx.close());

  it('answers the 11th attempt on one account with 429, Retry-After and rate_limited, even from new addresses', async () => {
    const owner = await signUpOwner(ctx.app);
    // Signing up ends with one sign-in on the account: nine more wrong ones make ten.
    for (let i = 2; i <= 10; i++) {
      const res = await new Client(ctx.app, { remoteAddress: `10.0.0.${i}` }).post('/api/v1/auth/sign-in', {
        email: owner.email,
        password: 'wrong password',
      });
      expectProblem(res, 401, 'unauthenticated');
    }
    // The right password does not get through the limit either.
    const res = await new Client(ctx.app, { remoteAddress: '10.0.0.11' }).post('/api/v1/auth/sign-in', {
      email: owner.email,
      password,
    });
    const body = expectProblem(res, 429, 'rate_limited');
    const retryAfter = Number(res.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(body.detail).toMatch(/\d+ s/);
    expect(res.cookies).toEqual([]);

    // Another account is not affected.
    const other = await signUpOwner(ctx.app);
    const ok = await new Client(ctx.app, { remoteAddress: '10.0.0.12' }).post('/api/v1/auth/sign-in', {
      email: other.email,
      password,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers the 11th attempt from one address with 429, whatever the emails', async () => {
    const owner = await signUpOwner(ctx.app);
    const attacker = new Client(ctx.app, { remoteAddress: '192.0.2.7' });
    for (let i = 1; i <= 10; i++) {
      const res = await attacker.post('/api/v1/auth/sign-in', { email: uniqueEmail('guess'), password: 'guess 12345' });
      expectProblem(res, 401, 'unauthenticated');
    }
    const res = await attacker.post('/api/v1/auth/sign-in', { email: owner.email, password });
    expectProblem(res, 429, 'rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);

    // The account itself can still sign in from elsewhere.
    const elsewhere = new Client(ctx.app, { remoteAddress: '198.51.100.1' });
    expect((await elsewhere.post('/api/v1/auth/sign-in', { email: owner.email, password })).statusCode).toBe(200);
  });
});
