import { can, type Permission, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client, TestContext } from './harness.js';
import { expectProblem, type InvitedMember, listRoutes, type Res, trackingPath, ws } from './helpers.js';
import { type Team, twoTeams } from './schedule-helpers.js';
import { linksOf, moveTo, visitNow } from './tracking-fixtures.js';

// The role × route table and workspace isolation of the field routes (tracking links, my day),
// in the manner of jobs-access.test.ts. The public `/api/v1/track/:token` is in tracking.test.ts.

/** A job of `team` that is en route now, with its one link. */
async function liveLink(team: Team) {
  const job = await visitNow(team);
  await moveTo(team, job, 'en_route');
  const [link] = await linksOf(team, job.id);
  if (!link) throw new Error('no link');
  return { jobId: job.id, linkId: link.id };
}

function everyRoute(client: Client, wsId: string, ids: () => Promise<{ jobId: string; linkId: string }>) {
  const at = (rest: string) => ws(wsId, rest);
  return {
    'GET /tracking-links': async () => client.get(at(`/tracking-links?jobId=${(await ids()).jobId}`)),
    'DELETE /tracking-links/:id': async () => client.delete(at(`/tracking-links/${(await ids()).linkId}`)),
    'GET /my-day': async () => client.get(at('/my-day?date=2026-03-02')),
  } satisfies Record<string, () => Promise<Res>>;
}

const permissionOf: Record<string, [Permission, number]> = {
  'GET /tracking-links': ['schedule.write', 200],
  'DELETE /tracking-links/:id': ['schedule.write', 204],
  'GET /my-day': ['schedule.read', 200],
};

describe('tracking-link routes: roles and workspaces', () => {
  let ctx: TestContext;
  let team: Team;
  let other: Team;
  let byRole: Record<Role, InvitedMember>;

  beforeAll(async () => {
    ({ ctx, team, other, byRole } = await twoTeams());
  });
  afterAll(() => ctx.close());

  it('the table covers every tracking-link route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => trackingPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(registered.length).toBe(3);
    expect(Object.keys(permissionOf).sort()).toEqual(registered);
  });

  describe.each(roles)('as %s', (role) => {
    it('is allowed exactly what docs/PRODUCT.md, "Roles and permissions" says; a refusal is a 403 that revokes nothing', async () => {
      for (const [name, call] of Object.entries(
        everyRoute(byRole[role].client, team.owner.workspaceId, () => liveLink(team)),
      )) {
        const [permission, ok] = permissionOf[name] ?? ['schedule.write', 0];
        const before = await ctx.db.kysely
          .selectFrom('tracking_links')
          .select('id')
          .where('revoked_at', 'is not', null)
          .execute();
        const res = await call();
        const after = await ctx.db.kysely
          .selectFrom('tracking_links')
          .select('id')
          .where('revoked_at', 'is not', null)
          .execute();
        if (can(role, permission)) {
          expect(res.statusCode, `${name}: ${res.body}`).toBe(ok);
        } else {
          expectProblem(res, 403, 'forbidden');
          expect(after.length, name).toBe(before.length);
        }
      }
    });

    it("gets 404 for another workspace's jobs and links, which stay live", async () => {
      const foreign = await liveLink(other);
      // Ids of the other workspace in the caller's own one: 404 (403 first for those without the permission).
      const withIds = Object.entries(everyRoute(byRole[role].client, team.owner.workspaceId, async () => foreign));
      for (const [name, call] of withIds.filter(([n]) => n.includes('tracking-links'))) {
        const res = await call();
        const [permission] = permissionOf[name] ?? ['schedule.write'];
        expect(res.statusCode, `${name}: ${res.body}`).toBe(can(role, permission) ? 404 : 403);
      }
      // The other workspace itself: 404 for everyone.
      for (const [name, call] of Object.entries(
        everyRoute(byRole[role].client, other.owner.workspaceId, async () => foreign),
      )) {
        expect((await call()).statusCode, name).toBe(404);
      }
      expect((await linksOf(other, foreign.jobId)).map((l) => l.id)).toEqual([foreign.linkId]);
    });
  });
});
