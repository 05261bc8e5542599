import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import { changesOf, expectFieldError, expectProblem, inviteMember, signIn, ws } from './helpers.js';

type MemberJson = { id: string; role: string; colour: string; active: boolean; email?: string };

describe('members', () => {
  let ctx: TestContext;
  let owner: Owner;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app, 'Olga');
  });
  afterAll(() => ctx.close());

  const member = (id: string) => ws(owner.workspaceId, `/members/${id}`);
  const listMembers = async (): Promise<MemberJson[]> =>
    (await owner.client.get(ws(owner.workspaceId, '/members'))).json();

  it('lists the team with role, colour and active flag', async () => {
    const tech = await inviteMember(ctx.app, owner, 'technician', { name: 'Theo' });
    const list = await listMembers();
    expect(list[0]).toEqual({
      id: owner.memberId,
      userId: owner.userId,
      name: 'Olga',
      email: owner.email,
      role: 'owner',
      colour: expect.stringMatching(/^#[0-9A-F]{6}$/),
      homeBase: null,
      active: true,
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const theo = list.find((m) => m.id === tech.memberId);
    expect(theo).toEqual(expect.objectContaining({ name: 'Theo', role: 'technician', active: true }));
    // Members get distinct colours from the palette.
    expect(theo?.colour).not.toBe(list[0]?.colour);
  });

  describe("members' emails", () => {
    it('owners and dispatchers see them; technicians and viewers get names, roles and colours only', async () => {
      const byRole = {
        dispatcher: await inviteMember(ctx.app, owner, 'dispatcher'),
        technician: await inviteMember(ctx.app, owner, 'technician'),
        viewer: await inviteMember(ctx.app, owner, 'viewer'),
      };
      const ownList = await listMembers();
      expect(ownList.find((m) => m.id === byRole.viewer.memberId)?.email).toBe(byRole.viewer.email);
      const dispatcherList: MemberJson[] = (
        await byRole.dispatcher.client.get(ws(owner.workspaceId, '/members'))
      ).json();
      expect(dispatcherList.find((m) => m.id === owner.memberId)?.email).toBe(owner.email);
      for (const role of ['technician', 'viewer'] as const) {
        const res = await byRole[role].client.get(ws(owner.workspaceId, '/members'));
        expect(res.statusCode).toBe(200);
        const list: MemberJson[] = res.json();
        expect(list.length).toBe(ownList.length);
        for (const m of list) {
          expect(m, role).not.toHaveProperty('email');
          expect(m, role).toEqual(expect.objectContaining({ name: expect.any(String), role: expect.any(String) }));
          expect(m.colour, role).toMatch(/^#[0-9A-F]{6}$/);
        }
        // Not even their own (they see it on their own profile from /me).
        expect(JSON.stringify(list)).not.toContain('@');
      }
    });

    it('the change log catch-up leaves them out for technicians and viewers too', async () => {
      const viewer = await inviteMember(ctx.app, owner, 'viewer');
      const dispatcher = await inviteMember(ctx.app, owner, 'dispatcher');
      const after = Number((await changesOf(ctx.db, owner.workspaceId)).at(-1)?.seq ?? 0);
      const tech = await inviteMember(ctx.app, owner, 'technician');
      expect((await owner.client.patch(member(tech.memberId), { colour: '#0A0B0C' })).statusCode).toBe(200);
      type Page = { changes: { entity: string; data: { id: string; email?: string } }[] };
      const memberChanges = async (caller: { client: typeof owner.client }) => {
        const res = await caller.client.get(ws(owner.workspaceId, `/changes?after=${after}`));
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as Page).changes.filter((c) => c.entity === 'member' && c.data.id === tech.memberId);
      };
      const seenByViewer = await memberChanges(viewer);
      expect(seenByViewer.length).toBeGreaterThan(0);
      for (const change of seenByViewer) expect(change.data).not.toHaveProperty('email');
      for (const change of await memberChanges(tech)) expect(change.data).not.toHaveProperty('email');
      for (const change of await memberChanges(dispatcher)) expect(change.data.email).toBe(tech.email);
    });
  });

  it("the owner changes a member's role and colour", async () => {
    const tech = await inviteMember(ctx.app, owner, 'technician');
    const res = await owner.client.patch(member(tech.memberId), { role: 'dispatcher', colour: '#a1b2c3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ id: tech.memberId, role: 'dispatcher', colour: '#A1B2C3' }));
    expect((await listMembers()).find((m) => m.id === tech.memberId)).toEqual(
      expect.objectContaining({ role: 'dispatcher', colour: '#A1B2C3' }),
    );
    // The member sees the new role at once.
    const me = (await tech.client.get('/api/v1/me')).json();
    expect(me.memberships[0]).toEqual(expect.objectContaining({ role: 'dispatcher', colour: '#A1B2C3' }));
    const log = await changesOf(ctx.db, owner.workspaceId);
    expect(log.at(-1)).toEqual(
      expect.objectContaining({
        entity: 'member',
        entity_id: tech.memberId,
        action: 'updated',
        actor_id: owner.userId,
      }),
    );
  });

  it('sets and clears a home base', async () => {
    const tech = await inviteMember(ctx.app, owner, 'technician');
    const set = await owner.client.patch(member(tech.memberId), { homeBase: { lat: 52.5, lng: 13.4 } });
    expect(set.json().homeBase).toEqual({ lat: 52.5, lng: 13.4 });
    const cleared = await owner.client.patch(member(tech.memberId), { homeBase: null });
    expect(cleared.json().homeBase).toBeNull();
    expectFieldError(
      await owner.client.patch(member(tech.memberId), { homeBase: { lat: 91, lng: 0 } }),
      'homeBase.lat',
    );
  });

  it('an invalid colour → 400 on colour, nothing changed', async () => {
    const tech = await inviteMember(ctx.app, owner, 'viewer');
    const before = (await listMembers()).find((m) => m.id === tech.memberId);
    for (const colour of ['red', '#12345', '#1234567', '123456', '#GGGGGG', '', 'javascript:alert(1)']) {
      const res = await owner.client.patch(member(tech.memberId), { colour });
      expect(expectFieldError(res, 'colour')).toMatch(/colour/i);
    }
    expectFieldError(await owner.client.patch(member(tech.memberId), { role: 'admin' }), 'role');
    expectFieldError(await owner.client.patch(member(tech.memberId), { active: 'no' }), 'active');
    expect((await listMembers()).find((m) => m.id === tech.memberId)).toEqual(before);
  });

  it('an unknown member id → 404', async () => {
    expectProblem(
      await owner.client.patch(member('00000000-0000-4000-8000-000000000000'), { colour: '#000000' }),
      404,
      'not_found',
    );
  });

  it('deactivating a member ends all their sessions at once and removes the workspace from /me', async () => {
    const tech = await inviteMember(ctx.app, owner, 'technician');
    const phone = await signIn(ctx.app, tech.email, tech.password);
    const other = await signUpOwner(ctx.app, 'Other');
    // The technician also belongs to another workspace.
    const elsewhere = await inviteMember(ctx.app, other, 'viewer', { email: tech.email });
    expect(elsewhere.userId).toBe(tech.userId);

    const res = await owner.client.patch(member(tech.memberId), { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().active).toBe(false);

    for (const client of [tech.client, phone.client]) {
      expectProblem(await client.get('/api/v1/me'), 401, 'unauthenticated');
      expectProblem(await client.get(ws(owner.workspaceId)), 401, 'unauthenticated');
    }
    const back = await signIn(ctx.app, tech.email, tech.password);
    expect(back.me.memberships.map((m) => m.workspaceId)).toEqual([other.workspaceId]);
    expectProblem(await back.client.get(ws(owner.workspaceId)), 404, 'not_found');
    expectProblem(await back.client.get(ws(owner.workspaceId, '/members')), 404, 'not_found');

    // Still listed for the owner, as inactive.
    expect((await listMembers()).find((m) => m.id === tech.memberId)?.active).toBe(false);
  });

  it('reactivating brings the member back', async () => {
    const tech = await inviteMember(ctx.app, owner, 'dispatcher');
    expect((await owner.client.patch(member(tech.memberId), { active: false })).statusCode).toBe(200);
    const res = await owner.client.patch(member(tech.memberId), { active: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ active: true, role: 'dispatcher' }));
    const back = await signIn(ctx.app, tech.email, tech.password);
    expect(back.me.memberships).toEqual([
      expect.objectContaining({ workspaceId: owner.workspaceId, role: 'dispatcher' }),
    ]);
    expect((await back.client.get(ws(owner.workspaceId))).statusCode).toBe(200);
  });

  it('deactivating twice keeps the member inactive and does not fail', async () => {
    const tech = await inviteMember(ctx.app, owner, 'viewer');
    expect((await owner.client.patch(member(tech.memberId), { active: false })).statusCode).toBe(200);
    const again = await owner.client.patch(member(tech.memberId), { active: false });
    expect(again.statusCode).toBe(200);
    expect(again.json().active).toBe(false);
  });

  describe('the last active owner', () => {
    let solo: Owner;
    beforeAll(async () => {
      solo = await signUpOwner(ctx.app, 'Solo');
    });
    const self = () => ws(solo.workspaceId, `/members/${solo.memberId}`);

    it('cannot be demoted (400 on role)', async () => {
      for (const role of ['dispatcher', 'technician', 'viewer']) {
        expect(expectFieldError(await solo.client.patch(self(), { role }), 'role')).toMatch(/owner/);
      }
      expect((await solo.client.get('/api/v1/me')).json().memberships[0].role).toBe('owner');
    });

    it('cannot be deactivated (400 on active)', async () => {
      expectFieldError(await solo.client.patch(self(), { active: false }), 'active');
      expect((await solo.client.get('/api/v1/me')).statusCode).toBe(200);
    });

    it('may still change their own colour, and stay owner', async () => {
      const res = await solo.client.patch(self(), { role: 'owner', colour: '#123456' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(expect.objectContaining({ role: 'owner', colour: '#123456', active: true }));
    });

    it('a deactivated owner does not count: the remaining active owner stays protected', async () => {
      const second = await inviteMember(ctx.app, solo, 'owner');
      expect(
        (await solo.client.patch(ws(solo.workspaceId, `/members/${second.memberId}`), { active: false })).statusCode,
      ).toBe(200);
      expectFieldError(await solo.client.patch(self(), { role: 'viewer' }), 'role');
    });

    it('with a second active owner, an owner can step down', async () => {
      const second = await inviteMember(ctx.app, solo, 'owner');
      const res = await solo.client.patch(self(), { role: 'dispatcher' });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe('dispatcher');
      // Now a dispatcher: owner-only calls are refused, and the new owner is protected.
      expectProblem(await solo.client.patch(self(), { role: 'owner' }), 403, 'forbidden');
      expectFieldError(
        await second.client.patch(ws(solo.workspaceId, `/members/${second.memberId}`), { active: false }),
        'active',
      );
    });
  });

  describe('two owners removing each other at the same moment', () => {
    // PostgreSQL runs the two transactions side by side; without a lock both counted two owners.
    const tries = 20;
    const activeOwners = async (workspaceId: string) =>
      (
        await ctx.db.kysely
          .selectFrom('memberships')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('role', '=', 'owner')
          .where('deactivated_at', 'is', null)
          .execute()
      ).length;

    for (const [what, patch] of [
      ['demote', { role: 'dispatcher' }],
      ['deactivate', { active: false }],
    ] as const) {
      it(`${what}: every one of ${tries} concurrent pairs leaves an active owner, and one of the two calls is refused`, {
        timeout: 120_000,
      }, async () => {
        const first = await signUpOwner(ctx.app, `Race ${what}`);
        const second = await inviteMember(ctx.app, first, 'owner');
        const callers: { client: Client; email: string; password: string }[] = [first, second];
        for (let i = 0; i < tries; i++) {
          // Both owners again, both signed in (a deactivation ended the loser's sessions).
          await ctx.db.kysely
            .updateTable('memberships')
            .set({ role: 'owner', deactivated_at: null })
            .where('workspace_id', '=', first.workspaceId)
            .execute();
          for (const [index, caller] of callers.entries()) {
            if ((await caller.client.get('/api/v1/me')).statusCode === 401) {
              callers[index] = { ...caller, client: (await signIn(ctx.app, caller.email, caller.password)).client };
            }
          }
          const [a, b] = await Promise.all([
            callers[0]?.client.patch(ws(first.workspaceId, `/members/${second.memberId}`), patch),
            callers[1]?.client.patch(ws(first.workspaceId, `/members/${first.memberId}`), patch),
          ]);
          if (!a || !b) throw new Error('two callers');
          expect(await activeOwners(first.workspaceId), `try ${i}`).toBeGreaterThanOrEqual(1);
          // One wins; the other is refused (the loser is no longer an owner, or would leave none).
          expect([a.statusCode, b.statusCode].sort(), `try ${i}`).toEqual([200, expect.any(Number)]);
          expect([400, 401, 403, 404], `try ${i}: ${a.body} ${b.body}`).toContain(Math.max(a.statusCode, b.statusCode));
        }
      });
    }
  });

  it('a member cannot change themselves unless they are an owner', async () => {
    const tech = await inviteMember(ctx.app, owner, 'technician');
    expectProblem(await tech.client.patch(member(tech.memberId), { role: 'owner' }), 403, 'forbidden');
    expect((await tech.client.get('/api/v1/me')).json().memberships[0].role).toBe('technician');
  });
});
