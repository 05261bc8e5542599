import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, type Owner, signUpOwner, type TestContext, uniqueEmail } from './harness.js';
import {
  type CreatedInvitation,
  countRows,
  createInvitation,
  expectProblem,
  type InvitedMember,
  inviteMember,
  listRoutes,
  type Res,
  schedulePath,
  ws,
} from './helpers.js';

describe('workspaces are isolated: another workspace’s ids answer 404', () => {
  let ctx: TestContext;
  let a: Owner;
  let b: Owner;
  let bMember: InvitedMember;
  let bInvitation: CreatedInvitation;
  let aMember: InvitedMember;

  beforeAll(async () => {
    ctx = await createTestApp();
    a = await signUpOwner(ctx.app, 'Alice');
    b = await signUpOwner(ctx.app, 'Bob');
    aMember = await inviteMember(ctx.app, a, 'technician');
    bMember = await inviteMember(ctx.app, b, 'technician');
    bInvitation = await createInvitation(b, 'dispatcher');
  });
  afterAll(() => ctx.close());

  /** B's data as B's owner sees it: must not move whatever A does. */
  const bState = async () => ({
    workspace: (await b.client.get(ws(b.workspaceId))).json(),
    members: (await b.client.get(ws(b.workspaceId, '/members'))).json(),
    invitations: (await b.client.get(ws(b.workspaceId, '/invitations'))).json(),
    changes: await countRows(ctx.db, 'changes', { workspaceId: b.workspaceId }),
  });

  /** Every workspace route, called on workspace `wsId` with ids `memberId` and `invitationId`. */
  const everyRoute = (client: Client, wsId: string, memberId: string, invitationId: string) => ({
    'GET /workspaces/:ws': () => client.get(ws(wsId)),
    'PATCH /workspaces/:ws': () => client.patch(ws(wsId), { name: 'Taken over' }),
    'GET /workspaces/:ws/members': () => client.get(ws(wsId, '/members')),
    'PATCH /workspaces/:ws/members/:id': () => client.patch(ws(wsId, `/members/${memberId}`), { role: 'owner' }),
    'GET /workspaces/:ws/invitations': () => client.get(ws(wsId, '/invitations')),
    'POST /workspaces/:ws/invitations': () =>
      client.post(ws(wsId, '/invitations'), { email: uniqueEmail('spy'), role: 'owner' }),
    'DELETE /workspaces/:ws/invitations/:id': () => client.delete(ws(wsId, `/invitations/${invitationId}`)),
  });

  it('the list of calls below covers every workspace route', () => {
    const registered = listRoutes(ctx.app).filter(
      (r) => r.url.startsWith('/api/v1/workspaces/') && !schedulePath.test(r.url),
    );
    const covered = Object.keys(everyRoute(a.client, '', '', ''));
    expect(covered.sort()).toEqual(registered.map((r) => `${r.method} ${r.url.replace('/api/v1', '')}`).sort());
  });

  const expectNotFound = (res: Res, what: string) => {
    const problem = expectProblem(res, 404, 'not_found');
    expect(problem.code, what).toBe('not_found');
    // Nothing of B leaks into the answer.
    for (const secret of [b.workspaceId, b.email, bMember.email, bInvitation.email, "Bob's Company"]) {
      expect(res.body).not.toContain(secret);
    }
  };

  it("A's owner calling B's workspace id on every route → 404, never 403, never data", async () => {
    const before = await bState();
    for (const [what, call] of Object.entries(everyRoute(a.client, b.workspaceId, bMember.memberId, bInvitation.id))) {
      expectNotFound(await call(), what);
    }
    expect(await bState()).toEqual(before);
  });

  it("B's member id or invitation id under A's workspace path → 404", async () => {
    const before = await bState();
    expectNotFound(
      await a.client.patch(ws(a.workspaceId, `/members/${bMember.memberId}`), { role: 'owner' }),
      'member',
    );
    expectNotFound(
      await a.client.patch(ws(a.workspaceId, `/members/${b.memberId}`), { active: false }),
      'owner member',
    );
    expectNotFound(await a.client.delete(ws(a.workspaceId, `/invitations/${bInvitation.id}`)), 'invitation');
    expect(await bState()).toEqual(before);
    // B's invitation still works.
    expect((await new Client(ctx.app).get(`/api/v1/invitations/${bInvitation.token}`)).statusCode).toBe(200);
    // B's member is still B's technician, and A's lists hold nothing of B.
    const aMembers = (await a.client.get(ws(a.workspaceId, '/members'))).json();
    expect(aMembers.map((m: { id: string }) => m.id).sort()).toEqual([a.memberId, aMember.memberId].sort());
    const aInvitations = (await a.client.get(ws(a.workspaceId, '/invitations'))).json();
    expect(aInvitations.map((i: { id: string }) => i.id)).not.toContain(bInvitation.id);
  });

  it("a member of A (any role) gets the same 404s on B's ids", async () => {
    const before = await bState();
    for (const [what, call] of Object.entries(
      everyRoute(aMember.client, b.workspaceId, bMember.memberId, bInvitation.id),
    )) {
      expectNotFound(await call(), what);
    }
    expect(await bState()).toEqual(before);
  });

  it('an unknown or malformed workspace id is the same 404', async () => {
    const bogus = ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', b.workspaceId.toUpperCase()];
    for (const id of bogus) {
      for (const call of Object.values(everyRoute(a.client, id, a.memberId, 'x'))) {
        expectProblem(await call(), 404, 'not_found');
      }
    }
  });

  it('a 404 for another workspace looks exactly like one for a workspace that does not exist', async () => {
    const other = await a.client.get(ws(b.workspaceId));
    const missing = await a.client.get(ws('00000000-0000-4000-8000-000000000000'));
    expect(other.statusCode).toBe(missing.statusCode);
    expect(other.json()).toEqual(missing.json());
  });

  it('unauthenticated calls → 401 unauthenticated on every route, for any workspace', async () => {
    const anonymous = new Client(ctx.app);
    const before = await bState();
    for (const wsId of [a.workspaceId, b.workspaceId, 'nope']) {
      for (const call of Object.values(everyRoute(anonymous, wsId, bMember.memberId, bInvitation.id))) {
        expectProblem(await call(), 401, 'unauthenticated');
      }
    }
    expectProblem(await anonymous.get('/api/v1/me'), 401, 'unauthenticated');
    expect(await bState()).toEqual(before);
  });

  it('a deactivated member of B is treated as a stranger to B', async () => {
    const former = await inviteMember(ctx.app, b, 'dispatcher');
    await b.client.patch(ws(b.workspaceId, `/members/${former.memberId}`), { active: false });
    const back = new Client(ctx.app);
    expect(
      (await back.post('/api/v1/auth/sign-in', { email: former.email, password: former.password })).statusCode,
    ).toBe(200);
    for (const [what, call] of Object.entries(everyRoute(back, b.workspaceId, bMember.memberId, bInvitation.id))) {
      expectNotFound(await call(), what);
    }
  });
});
