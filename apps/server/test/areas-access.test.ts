import { can, type Permission, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaCounts, circleArea, createArea, polygonArea } from './areas-fixtures.js';
import { Client, createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import { areasPath, expectProblem, type InvitedMember, listRoutes, memberOfEachRole, type Res, ws } from './helpers.js';
import { ifMatch } from './schedule-helpers.js';

// The role × route table and workspace isolation of the service-area routes, in the manner of
// jobs-access.test.ts (helpers.ts `areasPath` keeps them out of the other tables).

/** Every area route, called as `client` on workspace `wsId` with an area id that exists (or not) there. */
function everyRoute(client: Client, wsId: string, areaId: () => Promise<string>) {
  const at = (rest: string) => ws(wsId, rest);
  return {
    'GET /areas': async () => client.get(at('/areas')),
    'POST /areas': async () => client.post(at('/areas'), polygonArea()),
    'GET /areas/:id': async () => client.get(at(`/areas/${await areaId()}`)),
    'PATCH /areas/:id': async () => client.patch(at(`/areas/${await areaId()}`), { name: 'x' }, ifMatch(1)),
    'DELETE /areas/:id': async () => client.delete(at(`/areas/${await areaId()}`), ifMatch(1)),
  } satisfies Record<string, () => Promise<Res>>;
}

const permissionOf: Record<string, [Permission, number]> = {
  'GET /areas': ['schedule.read', 200],
  'POST /areas': ['schedule.write', 201],
  'GET /areas/:id': ['schedule.read', 200],
  'PATCH /areas/:id': ['schedule.write', 200],
  'DELETE /areas/:id': ['schedule.write', 204],
};

describe('service-area routes: roles and workspaces', () => {
  let ctx: TestContext;
  let owner: Owner;
  let other: Owner;
  let byRole: Record<Role, InvitedMember>;

  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app, 'Olga');
    other = await signUpOwner(ctx.app, 'Otto');
    byRole = await memberOfEachRole(ctx.app, owner);
  });
  afterAll(() => ctx.close());

  /** A fresh area of `caller`'s workspace (each call may change or delete it). */
  const freshArea = (caller: Owner) => async () => (await createArea(caller, circleArea())).id;

  it('the table covers every area route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => areasPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(registered.length).toBe(5);
    expect(Object.keys(permissionOf).sort()).toEqual(registered);
    expect(Object.keys(everyRoute(owner.client, '', freshArea(owner))).sort()).toEqual(registered);
  });

  describe.each(roles)('as %s', (role) => {
    it('is allowed exactly what docs/PRODUCT.md, "Roles and permissions" says; a refusal is a 403 that writes nothing', async () => {
      for (const [name, call] of Object.entries(everyRoute(byRole[role].client, owner.workspaceId, freshArea(owner)))) {
        const [permission, ok] = permissionOf[name] ?? ['schedule.write', 200];
        const before = await areaCounts(ctx.db);
        const res = await call();
        if (can(role, permission)) {
          expect(res.statusCode, `${role} ${name}: ${res.body}`).toBe(ok);
        } else {
          expect(expectProblem(res, 403, 'forbidden').detail, name).toMatch(/^You don't have permission to /);
          // Only the fixture the call made for itself (one area, one change) was written.
          const made = name.includes(':id') ? 1 : 0;
          expect(await areaCounts(ctx.db), name).toEqual({
            areas: before.areas + made,
            changes: before.changes + made,
          });
        }
      }
    });
  });

  it("another workspace's ids answer 404 on every route, and nothing of it changes", async () => {
    const theirs = await createArea(other, polygonArea({ name: 'Secret patch' }));
    const before = await areaCounts(ctx.db);
    // Their area under our workspace: not found.
    for (const [name, call] of Object.entries(everyRoute(owner.client, owner.workspaceId, async () => theirs.id))) {
      if (!name.includes(':id')) continue;
      expect(expectProblem(await call(), 404, 'not_found').detail, name).not.toContain('Secret');
    }
    // Their workspace id: not found on every route, before any id is looked at.
    for (const [name, call] of Object.entries(everyRoute(owner.client, other.workspaceId, async () => theirs.id))) {
      const res = await call();
      expectProblem(res, 404, 'not_found');
      expect(res.body, name).not.toContain('Secret');
    }
    expect(await areaCounts(ctx.db)).toEqual(before);
    expect((await other.client.get(ws(other.workspaceId, `/areas/${theirs.id}`))).json()).toEqual(theirs);
  });

  it('without a session every route is a 401', async () => {
    const anonymous = new Client(ctx.app);
    for (const call of Object.values(everyRoute(anonymous, owner.workspaceId, async () => 'x'))) {
      expectProblem(await call(), 401, 'unauthenticated');
    }
  });
});
