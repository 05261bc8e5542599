import { can, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './harness.js';
import { expectProblem, type InvitedMember, listRoutes, suggestPath, ws } from './helpers.js';
import { type Team, twoTeams } from './schedule-helpers.js';
import { unscheduled } from './suggest-fixtures.js';

// The role × route table and workspace isolation of slot suggestions, in the manner of
// jobs-access.test.ts: scheduling is the dispatchers' and owners' (schedule.write).

describe('slot suggestions: roles and workspaces', () => {
  let ctx: TestContext;
  let team: Team;
  let other: Team;
  let byRole: Record<Role, InvitedMember>;

  beforeAll(async () => {
    ({ ctx, team, other, byRole } = await twoTeams());
  });
  afterAll(() => ctx.close());

  it('the table covers the one suggestions route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => suggestPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`);
    expect(registered).toEqual(['GET /jobs/:id/suggestions']);
  });

  it.each(roles)('as %s: allowed with schedule.write, else a 403', async (role) => {
    const job = await unscheduled(team);
    const res = await byRole[role].client.get(ws(team.owner.workspaceId, `/jobs/${job.id}/suggestions`));
    if (can(role, 'schedule.write')) expect(res.statusCode, res.body).toBe(200);
    else expect(expectProblem(res, 403, 'forbidden').detail).toMatch(/^You don't have permission to schedule jobs/);
  });

  it("answers 404 for another workspace's job, and for the other workspace itself", async () => {
    const theirs = await unscheduled(other);
    const { client } = byRole.dispatcher;
    const res = await client.get(ws(team.owner.workspaceId, `/jobs/${theirs.id}/suggestions`));
    const body = expectProblem(res, 404, 'not_found');
    expect(JSON.stringify(body)).not.toContain(other.owner.workspaceId);
    expectProblem(await client.get(ws(other.owner.workspaceId, `/jobs/${theirs.id}/suggestions`)), 404, 'not_found');
  });
});
