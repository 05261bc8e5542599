import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOrigin, Client, createTestApp, type Owner, signUpOwner, type TestContext, uniqueEmail } from './harness.js';
import {
  changesOf,
  countRows,
  createInvitation,
  expectFieldError,
  expectProblem,
  inviteMember,
  sha256,
  tokenFromUrl,
  ws,
} from './helpers.js';

const newPassword = 'a brand new password';

describe('invitations', () => {
  let ctx: TestContext;
  let owner: Owner;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app, 'Olga');
  });
  afterAll(() => ctx.close());

  it('creates an invitation: 201 with a copyable link holding a ≥128-bit token', async () => {
    const email = uniqueEmail('tech');
    const res = await owner.client.post(ws(owner.workspaceId, '/invitations'), {
      email: ` ${email.toUpperCase()} `,
      role: 'technician',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      email,
      role: 'technician',
      expiresAt: expect.any(String),
      acceptedAt: null,
      createdAt: expect.any(String),
      url: expect.stringMatching(new RegExp(`^${appOrigin}/invite/[A-Za-z0-9_-]+$`)),
    });
    const token = tokenFromUrl(body.url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const days = (Date.parse(body.expiresAt) - Date.parse(body.createdAt)) / 86_400_000;
    expect(days).toBe(7);

    // Listed, but without the link: the token leaves only once.
    const list = (await owner.client.get(ws(owner.workspaceId, '/invitations'))).json();
    const listed = list.find((i: { id: string }) => i.id === body.id);
    expect(listed).toEqual({ ...body, url: undefined });
    expect(JSON.stringify(list)).not.toContain(token);
  });

  it('stores only the hash of the token', async () => {
    const invitation = await createInvitation(owner, 'viewer');
    const rows = await ctx.db.kysely.selectFrom('invitations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(invitation.token);
    const row = rows.find((r) => r.id === invitation.id);
    expect(row?.token_hash).toBe(sha256(invitation.token));
    // Two invitations never share a token.
    const second = await createInvitation(owner, 'viewer', invitation.email);
    expect(second.token).not.toBe(invitation.token);
  });

  it('previews an invitation publicly: workspace name, email, role, expiry', async () => {
    const invitation = await createInvitation(owner, 'dispatcher');
    const res = await new Client(ctx.app, { origin: null }).get(`/api/v1/invitations/${invitation.token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      workspaceName: "Olga's Company",
      email: invitation.email,
      role: 'dispatcher',
      expiresAt: expect.any(String),
    });
  });

  it('the preview says nothing about whether the invited email has an account', async () => {
    const known = await signUpOwner(ctx.app, 'Known');
    const forKnown = await createInvitation(owner, 'viewer', known.email);
    const forNew = await createInvitation(owner, 'viewer');
    const preview = (token: string) => new Client(ctx.app, { origin: null }).get(`/api/v1/invitations/${token}`);
    const a = await preview(forKnown.token);
    const b = await preview(forNew.token);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // Identical apart from the email itself (and the expiry instant).
    const shape = (body: Record<string, unknown>) => ({ ...body, email: 'x', expiresAt: 'x' });
    expect(shape(a.json())).toEqual(shape(b.json()));
    expect(a.headers['content-length']).toBeDefined();
    expect(Number(a.headers['content-length']) - known.email.length).toBe(
      Number(b.headers['content-length']) - forNew.email.length,
    );
  });

  it('accepts as a new user with name and password: 200 /me with the membership and a session', async () => {
    const invitation = await createInvitation(owner, 'technician');
    const invitee = new Client(ctx.app);
    const res = await invitee.post(`/api/v1/invitations/${invitation.token}/accept`, {
      name: 'Tina Tech',
      password: newPassword,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: { id: expect.any(String), name: 'Tina Tech', email: invitation.email, language: null },
      memberships: [
        {
          memberId: expect.any(String),
          workspaceId: owner.workspaceId,
          workspaceName: "Olga's Company",
          workspaceSlug: expect.any(String),
          role: 'technician',
          colour: expect.stringMatching(/^#[0-9A-F]{6}$/i),
        },
      ],
    });
    const cookie = res.cookies.find((c) => c.name === 'fp_session');
    expect(cookie?.httpOnly).toBe(true);
    expect((await invitee.get('/api/v1/me')).json().user.email).toBe(invitation.email);
    expect((await invitee.get(ws(owner.workspaceId))).statusCode).toBe(200);

    // The new account signs in with the chosen password.
    const again = await new Client(ctx.app).post('/api/v1/auth/sign-in', {
      email: invitation.email,
      password: newPassword,
    });
    expect(again.statusCode).toBe(200);

    const members = (await owner.client.get(ws(owner.workspaceId, '/members'))).json();
    expect(members).toContainEqual(
      expect.objectContaining({ email: invitation.email, name: 'Tina Tech', role: 'technician', active: true }),
    );
    const list = (await owner.client.get(ws(owner.workspaceId, '/invitations'))).json();
    expect(list.find((i: { id: string }) => i.id === invitation.id).acceptedAt).toEqual(expect.any(String));
    const log = await changesOf(ctx.db, owner.workspaceId);
    expect(log.at(-1)).toEqual(expect.objectContaining({ entity: 'member', action: 'created' }));
  });

  it('is single use: accepting (or previewing) again → 410 gone', async () => {
    const invitation = await createInvitation(owner, 'viewer');
    const first = await new Client(ctx.app).post(`/api/v1/invitations/${invitation.token}/accept`, {
      name: 'Vic',
      password: newPassword,
    });
    expect(first.statusCode).toBe(200);
    const users = await countRows(ctx.db, 'users');
    const second = await new Client(ctx.app).post(`/api/v1/invitations/${invitation.token}/accept`, {
      name: 'Mallory',
      password: 'another password',
    });
    expectProblem(second, 410, 'gone');
    expect(second.cookies).toEqual([]);
    expectProblem(await new Client(ctx.app).get(`/api/v1/invitations/${invitation.token}`), 410, 'gone');
    expect(await countRows(ctx.db, 'users')).toBe(users);
  });

  it('a forged token → 404 not_found', async () => {
    const forged = 'A'.repeat(43);
    expectProblem(await new Client(ctx.app).get(`/api/v1/invitations/${forged}`), 404, 'not_found');
    const res = await new Client(ctx.app).post(`/api/v1/invitations/${forged}/accept`, {
      name: 'X',
      password: newPassword,
    });
    expectProblem(res, 404, 'not_found');
    expectProblem(await new Client(ctx.app).get(`/api/v1/invitations/${'x'.repeat(99)}`), 404, 'not_found');
    // A real token with one character changed is forged too.
    const invitation = await createInvitation(owner, 'viewer');
    const flipped = `${invitation.token.slice(0, -1)}${invitation.token.endsWith('A') ? 'B' : 'A'}`;
    expectProblem(await new Client(ctx.app).get(`/api/v1/invitations/${flipped}`), 404, 'not_found');
  });

  it('previews 60 a minute per address, then 429 with Retry-After — a guesser is slowed, others are not', async () => {
    const guesser = new Client(ctx.app, { remoteAddress: '192.0.2.40' });
    for (let i = 0; i < 60; i++) {
      expect((await guesser.get(`/api/v1/invitations/${'G'.repeat(42)}${i % 10}`)).statusCode).toBe(404);
    }
    const refused = await guesser.get(`/api/v1/invitations/${'G'.repeat(43)}`);
    expect(expectProblem(refused, 429, 'rate_limited').detail).toMatch(/^Too many requests, try again in \d+ s$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const invitation = await createInvitation(owner, 'viewer');
    const invitee = new Client(ctx.app, { remoteAddress: '192.0.2.41' });
    expect((await invitee.get(`/api/v1/invitations/${invitation.token}`)).statusCode).toBe(200);
  });

  it('an expired invitation → 410', async () => {
    const invitation = await createInvitation(owner, 'technician');
    await ctx.db.kysely
      .updateTable('invitations')
      .set({ expires_at: Date.now() - 1000 })
      .where('id', '=', invitation.id)
      .execute();
    const preview = expectProblem(
      await new Client(ctx.app).get(`/api/v1/invitations/${invitation.token}`),
      410,
      'gone',
    );
    expect(preview.detail).toMatch(/expired/);
    const users = await countRows(ctx.db, 'users');
    const res = await new Client(ctx.app).post(`/api/v1/invitations/${invitation.token}/accept`, {
      name: 'Late',
      password: newPassword,
    });
    expectProblem(res, 410, 'gone');
    expect(await countRows(ctx.db, 'users')).toBe(users);
  });

  it('a revoked invitation → 204 on DELETE, then 410 and gone from the list', async () => {
    const invitation = await createInvitation(owner, 'dispatcher');
    const del = await owner.client.delete(ws(owner.workspaceId, `/invitations/${invitation.id}`));
    expect(del.statusCode).toBe(204);
    expectProblem(await new Client(ctx.app).get(`/api/v1/invitations/${invitation.token}`), 410, 'gone');
    const accept = await new Client(ctx.app).post(`/api/v1/invitations/${invitation.token}/accept`, {
      name: 'Rev',
      password: newPassword,
    });
    expectProblem(accept, 410, 'gone');
    const list = (await owner.client.get(ws(owner.workspaceId, '/invitations'))).json();
    expect(list.map((i: { id: string }) => i.id)).not.toContain(invitation.id);
    // Revoking twice, or an unknown id → 404.
    expectProblem(await owner.client.delete(ws(owner.workspaceId, `/invitations/${invitation.id}`)), 404, 'not_found');
    expectProblem(await owner.client.delete(ws(owner.workspaceId, '/invitations/nope')), 404, 'not_found');
  });

  it('an existing user (with another workspace) joins with their password', async () => {
    const other = await signUpOwner(ctx.app, 'Elsewhere');
    const invitation = await createInvitation(owner, 'dispatcher', other.email);
    const guest = new Client(ctx.app);

    const wrong = await guest.post(`/api/v1/invitations/${invitation.token}/accept`, { password: 'wrong password!' });
    expect(expectFieldError(wrong, 'password')).toMatch(/password/i);
    expect(wrong.cookies).toEqual([]);
    const missing = await guest.post(`/api/v1/invitations/${invitation.token}/accept`, {});
    expectFieldError(missing, 'password');
    expect((await new Client(ctx.app).get(`/api/v1/invitations/${invitation.token}`)).statusCode).toBe(200);

    const res = await guest.post(`/api/v1/invitations/${invitation.token}/accept`, {
      name: 'Ignored New Name',
      password: other.password,
    });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me.user).toEqual({ id: other.userId, name: 'Elsewhere', email: other.email, language: null });
    expect(me.memberships.map((m: { workspaceId: string; role: string }) => [m.workspaceId, m.role])).toEqual([
      [other.workspaceId, 'owner'],
      [owner.workspaceId, 'dispatcher'],
    ]);
    // Their old password is unchanged and their other workspace is intact.
    const signIn = await new Client(ctx.app).post('/api/v1/auth/sign-in', {
      email: other.email,
      password: other.password,
    });
    expect(signIn.json().memberships).toHaveLength(2);
  });

  it('a signed-in invitee joins at once, without a password, keeping the session', async () => {
    const other = await signUpOwner(ctx.app, 'SignedIn');
    const invitation = await createInvitation(owner, 'viewer', other.email);
    const cookie = other.client.cookies.get('fp_session');
    const res = await other.client.post(`/api/v1/invitations/${invitation.token}/accept`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().memberships.map((m: { role: string }) => m.role)).toEqual(['owner', 'viewer']);
    expect(other.client.cookies.get('fp_session')).toBe(cookie);
  });

  it('someone signed in as another user must prove the invited account', async () => {
    const invited = await signUpOwner(ctx.app, 'Invited');
    const bystander = await signUpOwner(ctx.app, 'Bystander');
    const invitation = await createInvitation(owner, 'technician', invited.email);
    expectFieldError(await bystander.client.post(`/api/v1/invitations/${invitation.token}/accept`, {}), 'password');
    const members = (await owner.client.get(ws(owner.workspaceId, '/members'))).json();
    expect(members.map((m: { email: string }) => m.email)).not.toContain(bystander.email);
    expect(members.map((m: { email: string }) => m.email)).not.toContain(invited.email);
  });

  it('a new user must give a name and a valid password', async () => {
    const invitation = await createInvitation(owner, 'viewer');
    const users = await countRows(ctx.db, 'users');
    const c = new Client(ctx.app);
    expectFieldError(await c.post(`/api/v1/invitations/${invitation.token}/accept`, { password: newPassword }), 'name');
    expectFieldError(await c.post(`/api/v1/invitations/${invitation.token}/accept`, { name: 'N' }), 'password');
    expectFieldError(
      await c.post(`/api/v1/invitations/${invitation.token}/accept`, { name: 'N', password: 'short' }),
      'password',
    );
    expectFieldError(
      await c.post(`/api/v1/invitations/${invitation.token}/accept`, {
        name: 'N',
        password: newPassword,
        role: 'owner',
      }),
      'role',
    );
    expect(await countRows(ctx.db, 'users')).toBe(users);
    expect((await c.get(`/api/v1/invitations/${invitation.token}`)).statusCode).toBe(200);
  });

  it('inviting an email that is already an active member → 400 on email', async () => {
    const member = await inviteMember(ctx.app, owner, 'technician');
    const before = await countRows(ctx.db, 'invitations');
    for (const email of [member.email, member.email.toUpperCase(), owner.email]) {
      const res = await owner.client.post(ws(owner.workspaceId, '/invitations'), { email, role: 'viewer' });
      expect(expectFieldError(res, 'email')).toMatch(/already a member/);
    }
    expect(await countRows(ctx.db, 'invitations')).toBe(before);
  });

  it('a deactivated member can be invited back and returns with the invited role', async () => {
    const member = await inviteMember(ctx.app, owner, 'technician');
    const off = await owner.client.patch(ws(owner.workspaceId, `/members/${member.memberId}`), { active: false });
    expect(off.statusCode).toBe(200);
    const invitation = await createInvitation(owner, 'dispatcher', member.email);
    const res = await new Client(ctx.app).post(`/api/v1/invitations/${invitation.token}/accept`, {
      password: member.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().memberships).toEqual([
      expect.objectContaining({ workspaceId: owner.workspaceId, memberId: member.memberId, role: 'dispatcher' }),
    ]);
  });

  it('an old invitation accepted by an active member leaves their role alone: the last owner stays owner', async () => {
    const first = await signUpOwner(ctx.app, 'Fran');
    const email = uniqueEmail('late');
    // Invited as a viewer first (never accepted), then as an owner (accepted).
    const asViewer = await createInvitation(first, 'viewer', email);
    const second = await inviteMember(ctx.app, first, 'owner', { email });
    // The first owner steps down: the second is now the only owner.
    const down = await first.client.patch(ws(first.workspaceId, `/members/${first.memberId}`), { role: 'dispatcher' });
    expect(down.statusCode, down.body).toBe(200);
    const res = await second.client.post(`/api/v1/invitations/${asViewer.token}/accept`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().memberships).toEqual([
      expect.objectContaining({ workspaceId: first.workspaceId, memberId: second.memberId, role: 'owner' }),
    ]);
  });

  it('rejects an unknown role', async () => {
    const res = await owner.client.post(ws(owner.workspaceId, '/invitations'), {
      email: uniqueEmail('r'),
      role: 'admin',
    });
    expect(expectFieldError(res, 'role')).toMatch(/owner, dispatcher, technician or viewer/);
  });
});
