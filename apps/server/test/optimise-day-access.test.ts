import { can, type Role, roles } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type TestContext } from './harness.js';
import { expectProblem, type InvitedMember, listRoutes, optimisePath, type Res } from './helpers.js';
import { applyUrl, at, createOptimiseTeam, moves, previewUrl, visit } from './optimise-fixtures.js';
import { getJob, scheduleCounts, type Team, twoTeams } from './schedule-helpers.js';

// The role × route table, sessions, CSRF and workspace isolation of "optimise a day", in
// the manner of suggest-access.test.ts: reordering a day is the dispatchers' and owners' (schedule.write).

describe('optimise a day: sessions, roles and workspaces', () => {
  let ctx: TestContext;
  let team: Team;
  let other: Team;
  let byRole: Record<Role, InvitedMember>;

  beforeAll(async () => {
    ({ ctx, team, other, byRole } = await twoTeams(createOptimiseTeam));
  });
  afterAll(() => ctx.close());

  /** A five-minute flexible visit of technician 1 in a slot of its own, and a plan moving it to the afternoon. */
  let slot = 0;
  async function fresh(t: Team) {
    slot += 1;
    const hhmm = (hour: number) =>
      `${String(hour + Math.floor(slot / 6)).padStart(2, '0')}:${String((slot % 6) * 10).padStart(2, '0')}`;
    const start = at(hhmm(8));
    const job = await visit(t, `Visit ${slot}`, 1, hhmm(8), {
      start,
      end: new Date(Date.parse(start) + 5 * 60_000).toISOString(),
    });
    return { job, body: moves(t, [[job, hhmm(13)]]) };
  }

  const calls = (client: Client, t: Team, body: () => Promise<unknown>) => ({
    'GET /optimise-day': async () => client.get(previewUrl(t)),
    'POST /optimise-day': async () => client.post(applyUrl(t), await body()),
  });

  it('the table covers both optimise-day routes the app registers', () => {
    const registered = listRoutes(ctx.app)
      .filter((r) => optimisePath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws', '')}`)
      .sort();
    expect(registered).toEqual(Object.keys(calls(team.owner.client, team, async () => ({}))).sort());
  });

  it('answers 401 without a session, writing nothing', async () => {
    const anonymous = new Client(ctx.app);
    const { body } = await fresh(team);
    const before = await scheduleCounts(ctx.db);
    for (const [name, call] of Object.entries(calls(anonymous, team, async () => body))) {
      expect(expectProblem(await call(), 401, 'unauthenticated').code, name).toBe('unauthenticated');
    }
    expect(await scheduleCounts(ctx.db)).toEqual(before);
  });

  it.each(roles)('as %s: allowed with schedule.write, else a 403 that moves nothing', async (role) => {
    const { job, body } = await fresh(team);
    for (const [name, call] of Object.entries(calls(byRole[role].client, team, async () => body))) {
      const res = await call();
      if (can(role, 'schedule.write')) expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      else expect(expectProblem(res, 403, 'forbidden').detail, name).toMatch(/^You don't have permission to optimise/);
    }
    const now = await getJob(team.owner, job.id);
    expect(now.start).toBe(can(role, 'schedule.write') ? body.visits[0]?.start : job.start);
  });

  it("answers 404 for the other workspace, and for its technician in one's own", async () => {
    const { job, body } = await fresh(other);
    const { client } = byRole.dispatcher;
    const check = (res: Res) => {
      const problem = expectProblem(res, 404, 'not_found');
      expect(JSON.stringify(problem)).not.toContain(other.owner.workspaceId);
    };
    // The other workspace itself.
    for (const call of Object.values(calls(client, other, async () => body))) check(await call());
    // Its technician and visit named in the caller's own workspace.
    check(await client.get(previewUrl(team, other.tech1.memberId)));
    check(await client.post(applyUrl(team), body));
    // Its visit under the caller's own technician: not one of theirs.
    const mine = await client.post(applyUrl(team), { ...body, memberId: team.tech1.memberId });
    expect(expectProblem(mine, 400, 'validation_failed').errors?.map((e) => e.path)).toEqual(['visits.0.jobId']);
    expect(await getJob(other.owner, job.id)).toEqual(job);
  });

  it('refuses an apply from another origin (CSRF), moving nothing', async () => {
    const { job, body } = await fresh(team);
    const before = await scheduleCounts(ctx.db);
    for (const origin of ['https://evil.example', 'null']) {
      const res = await team.dispatcher.client.post(applyUrl(team), body, { origin });
      expectProblem(res, 403, 'forbidden');
    }
    expect(await scheduleCounts(ctx.db)).toEqual(before);
    expect(await getJob(team.owner, job.id)).toEqual(job);
    // The same request from the app itself goes through.
    expect((await team.dispatcher.client.post(applyUrl(team), body)).statusCode).toBe(200);
  });
});
