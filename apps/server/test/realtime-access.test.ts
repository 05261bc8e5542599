import { can, type Permission, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import {
  expectProblem,
  type InvitedMember,
  listRoutes,
  memberOfEachRole,
  type Res,
  realtimePath,
  ws,
} from './helpers.js';

// The role × route table and workspace isolation of the change log and live locations, in
// the manner of jobs-access.test.ts (helpers.ts `realtimePath` keeps them out of the other tables).

function everyRoute(client: Client, wsId: string) {
  const at = (rest: string) => ws(wsId, rest);
  return {
    'GET /changes': () => client.get(at('/changes?after=0')),
    'POST /locations': () => client.post(at('/locations'), { lat: 52.5, lng: 13.4, accuracyM: 10 }),
    'GET /locations': () => client.get(at('/locations')),
  } satisfies Record<string, () => Promise<Res>>;
}

/** GET /locations takes either reading permission (all, or one's own): technicians see their own. */
const permissionOf: Record<string, [Permission, number]> = {
  'GET /changes': ['schedule.read', 200],
  'POST /locations': ['locations.share', 201],
  'GET /locations': ['locations.read.own', 200],
};

describe('change log and location routes: roles and workspaces', () => {
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

  it('the table covers every change-log and location route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => realtimePath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(registered.length).toBe(3);
    expect(Object.keys(permissionOf).sort()).toEqual(registered);
    expect(Object.keys(everyRoute(owner.client, '')).sort()).toEqual(registered);
  });

  describe.each(roles)('as %s', (role) => {
    it('is allowed exactly what docs/PRODUCT.md, "Roles and permissions" says; a refusal is a 403', async () => {
      for (const [name, call] of Object.entries(everyRoute(byRole[role].client, owner.workspaceId))) {
        const [permission, ok] = permissionOf[name] ?? ['schedule.write', 0];
        const res = await call();
        if (can(role, permission)) expect(res.statusCode, `${name}: ${res.body}`).toBe(ok);
        else expectProblem(res, 403, 'forbidden');
      }
    });

    it('gets 404 for every route of another workspace', async () => {
      for (const [name, call] of Object.entries(everyRoute(byRole[role].client, other.workspaceId))) {
        const res = await call();
        expect(res.statusCode, name).toBe(404);
      }
    });
  });
});
