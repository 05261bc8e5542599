import { can, type Role, roles, type TravelLegs } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestContext } from './harness.js';
import { expectProblem, type InvitedMember, inviteMember, listRoutes, travelLegsPath, ws } from './helpers.js';
import { createJob, type Team, twoTeams } from './schedule-helpers.js';

// The role × route table and workspace isolation of the travel legs, in the manner of
// jobs-access.test.ts: whoever may see the calendar (schedule.read) sees the drives between visits.

const range = '/travel-legs?start=2030-03-05&end=2030-03-06';

/** Two visits of tech 1 on 5 March 2030, 4 km apart. */
async function twoVisits(team: Team) {
  const common = { assigneeIds: [team.tech1.memberId] };
  const first = await createJob(team.owner, {
    ...common,
    lat: 52.52,
    lng: 13.4,
    start: '2030-03-05T09:00:00Z',
    end: '2030-03-05T10:00:00Z',
  });
  const second = await createJob(team.owner, {
    ...common,
    lat: 52.556,
    lng: 13.4,
    start: '2030-03-05T11:00:00Z',
    end: '2030-03-05T12:00:00Z',
  });
  return { first, second };
}

describe('travel legs: roles and workspaces', () => {
  let ctx: TestContext;
  let team: Team;
  let other: Team;
  let byRole: Record<Role, InvitedMember>;

  beforeAll(async () => {
    ({ ctx, team, other, byRole } = await twoTeams());
    await twoVisits(team);
    await twoVisits(other);
  });
  afterAll(() => ctx.close());

  it('the table covers the one travel-legs route the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => travelLegsPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`);
    expect(registered).toEqual(['GET /travel-legs']);
  });

  it.each(roles)('as %s: allowed with schedule.read (as the calendar feed), else a 403', async (role) => {
    const res = await byRole[role].client.get(ws(team.owner.workspaceId, range));
    if (can(role, 'schedule.read')) {
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as TravelLegs;
      expect(body.legs.map((l) => l.memberId)).toEqual([team.tech1.memberId]);
    } else {
      expect(expectProblem(res, 403, 'forbidden').detail).toMatch(/^You don't have permission to see the calendar/);
    }
  });

  it('a deactivated member, signed in again, is a stranger: 404', async () => {
    const former = await inviteMember(ctx.app, team.owner, 'dispatcher');
    const off = await team.owner.client.patch(ws(team.owner.workspaceId, `/members/${former.memberId}`), {
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    const back = new Client(ctx.app);
    const signIn = await back.post('/api/v1/auth/sign-in', { email: former.email, password: former.password });
    expect(signIn.statusCode).toBe(200);
    expectProblem(await back.get(ws(team.owner.workspaceId, range)), 404, 'not_found');
  });

  it("answers 404 for another workspace, never its legs, for every role; the same as a workspace that doesn't exist", async () => {
    for (const role of roles) {
      const res = await byRole[role].client.get(ws(other.owner.workspaceId, range));
      const body = expectProblem(res, 404, 'not_found');
      expect(JSON.stringify(body)).not.toContain(other.owner.workspaceId);
      expect(res.body).not.toContain(other.tech1.memberId);
    }
    const missing = await team.dispatcher.client.get(ws('00000000-0000-4000-8000-000000000000', range));
    const theirs = await team.dispatcher.client.get(ws(other.owner.workspaceId, range));
    expect(theirs.json()).toEqual(missing.json());
  });

  it('answers 401 without a session, for any workspace', async () => {
    const anonymous = new Client(ctx.app);
    for (const id of [team.owner.workspaceId, other.owner.workspaceId, 'nope']) {
      expectProblem(await anonymous.get(ws(id, range)), 401, 'unauthenticated');
    }
  });
});
