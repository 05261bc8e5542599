import { can, type Permission, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, signUpOwner, type TestContext, uniqueEmail } from './harness.js';
import {
  countRows,
  createInvitation,
  expectProblem,
  type InvitedMember,
  inviteMember,
  listRoutes,
  memberOfEachRole,
  type Res,
  schedulePath,
  ws,
} from './helpers.js';

/**
 * Every workspace route with the permission it needs (docs/PRODUCT.md, "Roles and permissions", `permissions` in
 * packages/shared). Reading the workspace itself is part of seeing the schedule.
 */
interface RouteCase {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The route as registered, to check that the table covers every route. */
  route: string;
  permission: Permission;
  /** Status when allowed. */
  ok: number;
  call: (caller: InvitedMember) => Promise<Res>;
}

describe('the role × route table', () => {
  let ctx: TestContext;
  let owner: Owner;
  /** One member per role, all invited by the owner who signed up. */
  let byRole: Record<Role, InvitedMember>;
  /** A member every allowed caller may edit harmlessly. */
  let target: InvitedMember;

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app);
    byRole = await memberOfEachRole(ctx.app, owner);
    target = await inviteMember(ctx.app, owner, 'viewer', { name: 'Target' });
  });
  afterAll(() => ctx.close());

  const cases: RouteCase[] = [
    {
      method: 'GET',
      route: '/api/v1/workspaces/:ws',
      permission: 'schedule.read',
      ok: 200,
      call: (m) => m.client.get(ws(m.workspaceId)),
    },
    {
      method: 'PATCH',
      route: '/api/v1/workspaces/:ws',
      permission: 'workspace.manage',
      ok: 200,
      call: (m) => m.client.patch(ws(m.workspaceId), { name: `Renamed by ${m.role}` }),
    },
    {
      method: 'GET',
      route: '/api/v1/workspaces/:ws/members',
      permission: 'members.read',
      ok: 200,
      call: (m) => m.client.get(ws(m.workspaceId, '/members')),
    },
    {
      method: 'PATCH',
      route: '/api/v1/workspaces/:ws/members/:id',
      permission: 'members.manage',
      ok: 200,
      call: (m) => m.client.patch(ws(m.workspaceId, `/members/${target.memberId}`), { colour: '#336699' }),
    },
    {
      method: 'GET',
      route: '/api/v1/workspaces/:ws/invitations',
      permission: 'members.manage',
      ok: 200,
      call: (m) => m.client.get(ws(m.workspaceId, '/invitations')),
    },
    {
      method: 'POST',
      route: '/api/v1/workspaces/:ws/invitations',
      permission: 'members.manage',
      ok: 201,
      call: (m) => m.client.post(ws(m.workspaceId, '/invitations'), { email: uniqueEmail('p'), role: 'owner' }),
    },
    {
      method: 'DELETE',
      route: '/api/v1/workspaces/:ws/invitations/:id',
      permission: 'members.manage',
      ok: 204,
      call: async (m) => {
        const invitation = await createInvitation(owner, 'viewer');
        return m.client.delete(ws(m.workspaceId, `/invitations/${invitation.id}`));
      },
    },
  ];

  it('covers every workspace route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => r.url.startsWith('/api/v1/workspaces/') && !schedulePath.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(registered.length).toBeGreaterThan(0);
    expect(cases.map((c) => `${c.method} ${c.route}`).sort()).toEqual(registered);
  });

  /** What a refused call must leave as it was. */
  const snapshot = async () => ({
    workspace: (await owner.client.get(ws(owner.workspaceId))).json(),
    members: (await owner.client.get(ws(owner.workspaceId, '/members'))).json(),
    invitations: (await owner.client.get(ws(owner.workspaceId, '/invitations'))).json(),
    changes: await countRows(ctx.db, 'changes'),
  });

  describe.each(roles)('as %s', (role) => {
    it.each(cases.map((c) => [`${c.method} ${c.route}`, c] as const))('%s', async (_name, c) => {
      const caller = byRole[role];
      const allowed = can(role, c.permission);
      const before = allowed ? null : await snapshot();
      const res = await c.call(caller);
      if (allowed) {
        expect(res.statusCode, res.body).toBe(c.ok);
      } else {
        const problem = expectProblem(res, 403, 'forbidden');
        expect(problem.detail).toMatch(/^You don't have permission to /);
        // Refused means nothing changed (the DELETE case made its own invitation first).
        const after = await snapshot();
        if (c.method === 'DELETE') {
          expect(after.invitations.length).toBe((before?.invitations.length ?? 0) + 1);
        } else {
          expect(after).toEqual(before);
        }
      }
    });
  });

  it('matches docs/PRODUCT.md, "Roles and permissions": only owners manage members, invitations and settings; everyone reads', () => {
    expect(roles.filter((r) => can(r, 'members.manage'))).toEqual(['owner']);
    expect(roles.filter((r) => can(r, 'workspace.manage'))).toEqual(['owner']);
    expect(roles.filter((r) => can(r, 'members.read'))).toEqual([...roles]);
    expect(roles.filter((r) => can(r, 'schedule.read'))).toEqual([...roles]);
  });

  it('an invited owner has the full owner rights', async () => {
    const res = await byRole.owner.client.patch(ws(owner.workspaceId, `/members/${byRole.technician.memberId}`), {
      role: 'viewer',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('viewer');
    await owner.client.patch(ws(owner.workspaceId, `/members/${byRole.technician.memberId}`), { role: 'technician' });
  });
});
