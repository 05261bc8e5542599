import { type ChangeEvent, type Job, travelLeg } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo.js';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, signIn, ws } from './helpers.js';
import {
  allDay,
  applyUrl,
  at,
  createOptimiseTeam,
  date,
  home,
  moves,
  north,
  preview,
  previewUrl,
  visit,
  wastefulDay,
} from './optimise-fixtures.js';
import {
  collectChanges,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  subscribed,
} from './realtime-harness.js';
import { changeOf, createJob, getJob, patchJob, scheduleCounts, setStatus, type Team } from './schedule-helpers.js';
import { type OsrmServer, standInLeg, startOsrmServer } from './travel-osrm-server.js';

// Optimise a day through the API: the preview of a wasteful day, which visits may move,
// the messages when nothing can, the apply (all or nothing, published live), and the routing service.

const round1 = (n: number) => Math.round(n * 10) / 10;
const kmOf = (metres: number[]) => round1(metres.reduce((a, b) => a + b, 0) / 1000);

describe('optimise a day', () => {
  let live: LiveApp;
  let team: Team;
  let tech: Pusher;
  let seen: ChangeEvent[];

  beforeAll(async () => {
    live = await createLiveApp();
    team = await createOptimiseTeam(live.app);
    tech = connectPusher(live, team.tech1.client);
    seen = collectChanges(await subscribed(tech, `private-workspace-${team.owner.workspaceId}`));
  });
  afterAll(async () => {
    tech.disconnect();
    await live.close();
  });

  /** Each test gets a day of its own: technician 1's visits are moved off the shared date first. */
  async function clearDay() {
    const day = await preview(team);
    for (const v of day.visits) {
      const job = await getJob(team.owner, v.jobId);
      const res = await team.owner.client.delete(ws(team.owner.workspaceId, `/jobs/${job.id}`), {
        'if-match': `"${job.version}"`,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it('previews a wasteful day: the better order drives less, fixed visits stay put, nothing is written', async () => {
    await clearDay();
    const { far, near, fixed, middle } = await wastefulDay(team);
    const before = await scheduleCounts(live.db);
    const answer = await preview(team);
    expect(await scheduleCounts(live.db)).toEqual(before);

    // Today: home → far (9 km) → near (8) → fixed (0, same site) → middle (4).
    const legs = [
      travelLeg(home, north(9)),
      travelLeg(north(9), north(1)),
      travelLeg(north(1), north(1)),
      travelLeg(north(1), north(5)),
    ];
    expect(answer).toMatchObject({
      memberId: team.tech1.memberId,
      date,
      flexibleVisits: 3,
      before: {
        distanceKm: kmOf(legs.map((l) => l.distanceM)),
        driveMinutes: round1(legs.reduce((a, l) => a + l.durationS, 0) / 60),
        finish: at('15:00'),
      },
      source: 'model',
    });
    expect(answer.message).toBeUndefined();
    expect(answer.notice).toBeUndefined();
    const after = answer.after;
    if (!after) throw new Error(`no better plan: ${answer.message}`);
    expect(after.driveMinutes).toBeLessThan(answer.before.driveMinutes);
    expect(after.distanceKm).toBeLessThan(answer.before.distanceKm);

    // Every visit once, in order of its planned start, none overlapping; the fixed one where it was.
    expect(answer.visits.map((v) => v.jobId).sort()).toEqual([far.id, near.id, fixed.id, middle.id].sort());
    const starts = answer.visits.map((v) => Date.parse(v.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    for (const [k, v] of answer.visits.entries()) {
      const job = [far, near, fixed, middle].find((j) => j.id === v.jobId) as Job;
      expect(v).toMatchObject({ title: job.title, version: job.version, currentStart: job.start });
      expect(Date.parse(v.end) - Date.parse(v.start)).toBe(3_600_000);
      expect(v.fixed).toBe(job.id === fixed.id);
      if (v.fixed) expect(v.start).toBe(v.currentStart);
      expect(Date.parse(v.start)).toBeGreaterThanOrEqual(Date.parse(allDay.start));
      expect(Date.parse(v.end)).toBeLessThanOrEqual(Date.parse(allDay.end));
      const next = answer.visits[k + 1];
      if (next) expect(Date.parse(v.end)).toBeLessThanOrEqual(Date.parse(next.start));
    }
    expect(answer.changed).toBe(answer.visits.filter((v) => v.start !== v.currentStart).length);
    expect(answer.changed).toBeGreaterThan(0);
    // The nearest visit comes first: the day no longer opens with the longest drive.
    expect(answer.visits[0]?.jobId).toBe(near.id);
  });

  it('applies a plan: the visits move in one transaction, each published like a job edit', async () => {
    await clearDay();
    const { far, near, fixed, middle } = await wastefulDay(team);
    const body = moves(team, [
      [near, '08:15'],
      [middle, '13:45'],
      [far, '15:00'],
    ]);
    const before = await scheduleCounts(live.db);
    const res = await team.dispatcher.client.post(applyUrl(team), body);
    const change = changeOf(res);
    expect(change.deletedIds).toEqual([]);
    expect(change.jobs.map((j) => [j.id, j.start, j.end, j.version, j.flexibleWindow])).toEqual([
      [near.id, at('08:15'), at('09:15'), 2, allDay],
      [middle.id, at('13:45'), at('14:45'), 2, allDay],
      [far.id, at('15:00'), at('16:00'), 2, allDay],
    ]);
    for (const job of change.jobs) expect(await getJob(team.owner, job.id)).toEqual(job);
    expect(await getJob(team.owner, fixed.id)).toEqual(fixed);
    // Three job updates in the change log, nothing else written; each arrives on the channel.
    const after = await scheduleCounts(live.db);
    expect(after).toEqual({ ...before, changes: before.changes + 3 });
    await eventually(
      () =>
        change.jobs.every((j) =>
          seen.some((e) => e.action === 'updated' && e.data.id === j.id && (e.data as Job).version === 2),
        ),
      5000,
      'the three updates on the channel',
    );
    for (const job of change.jobs) {
      expect(seen.find((e) => e.data.id === job.id && e.action === 'updated')?.data).toEqual(job);
    }
    // The calendar shows the new day.
    const day = await preview(team);
    expect(day.visits.map((v) => [v.jobId, v.currentStart])).toEqual([
      [near.id, at('08:15')],
      [fixed.id, at('12:30')],
      [middle.id, at('13:45')],
      [far.id, at('15:00')],
    ]);
  });

  it('a stale version refuses the whole apply with 412, and nothing changes', async () => {
    await clearDay();
    const { far, near, middle } = await wastefulDay(team);
    const body = moves(team, [
      [near, '08:15'],
      [middle, '13:45'],
      [far, '15:00'],
    ]);
    // Someone renames the last visit after the plan was made.
    const renamed = changeOf(await patchJob(team.owner, far, { title: 'Far, renamed' })).jobs[0] as Job;
    const before = await scheduleCounts(live.db);
    const problem = expectProblem(await team.dispatcher.client.post(applyUrl(team), body), 412, 'version_conflict');
    expect(problem.currentVersion).toBe(2);
    expect(problem.current).toMatchObject({ id: far.id, title: 'Far, renamed', version: 2 });
    expect(await scheduleCounts(live.db)).toEqual(before);
    expect(await getJob(team.owner, near.id)).toEqual(near);
    expect(await getJob(team.owner, middle.id)).toEqual(middle);
    expect(await getJob(team.owner, far.id)).toEqual(renamed);
  });

  it('refuses a visit that may not move there, naming it, and writes nothing', async () => {
    await clearDay();
    const { far, near, fixed, middle } = await wastefulDay(team);
    const theirs = await createJob(team.dispatcher, {
      ...north(2),
      start: at('10:00'),
      end: at('11:00'),
      assigneeIds: [team.tech2.memberId],
      flexibleWindow: allDay,
    });
    const narrow = await visit(team, 'Narrow window', 3, '16:00', {
      start: at('16:00'),
      end: at('16:30'),
      flexibleWindow: { start: at('15:00'), end: at('17:00') },
    });
    const early = await visit(team, 'Early bird', 7, '16:00', {
      flexibleWindow: { start: at('07:00'), end: at('17:00') },
    });
    const before = await scheduleCounts(live.db);
    const ok = moves(team, [[near, '08:15']]);
    const refused: [unknown, string, RegExp][] = [
      [moves(team, [[fixed, '08:15']]), 'visits.0.jobId', /not a visit with a flexible time/],
      [
        moves(team, [
          [near, '08:15'],
          [theirs, '08:30'],
        ]),
        'visits.1.jobId',
        /not a visit with a flexible time/,
      ],
      [
        moves(team, [
          [near, '08:15'],
          [near, '10:00'],
        ]),
        'visits.1.jobId',
        /twice/,
      ],
      [{ ...ok, visits: [{ ...ok.visits[0], end: at('09:45') }] }, 'visits.0.start', /keep its length of 60 minutes/],
      [{ ...ok, visits: [{ ...ok.visits[0], start: 'early' }] }, 'visits.0.start', /date-time/],
      [moves(team, [[narrow, '14:30']]), 'visits.0.start', /inside its flexible window \(15:00–17:00\)/],
      [moves(team, [[near, '07:30']]), 'visits.0.start', /inside its flexible window \(08:00–17:00\)/],
      [moves(team, [[early, '07:30']]), 'visits.0.start', /inside the working hours \(08:00–17:00\)/],
      [moves(team, [[middle, '12:00']]), 'visits.0.start', /overlap “Fixed lunch call” \(12:30–13:30\)/],
      [moves(team, [[near, '09:30']]), 'visits.0.start', /overlap “Far” \(09:00–10:00\)/],
      [
        moves(team, [
          [near, '14:00'],
          [middle, '14:30'],
        ]),
        'visits.0.start',
        /overlap “Middle” \(14:30–15:30\)/,
      ],
      [{ ...ok, memberId: team.dispatcher.memberId }, 'memberId', /dispatcher: only a technician's day/],
      [{ ...ok, date: '2030-02-30' }, 'date', /date such as/],
      [{ ...ok, visits: [] }, 'visits', /at least one/],
    ];
    for (const [body, path, message] of refused) {
      const res = await team.dispatcher.client.post(applyUrl(team), body);
      expect(expectFieldError(res, path), JSON.stringify(body)).toMatch(message);
    }
    // Another workspace's member, or no member at all: not found.
    for (const memberId of ['00000000-0000-4000-8000-000000000000']) {
      expectProblem(await team.dispatcher.client.post(applyUrl(team), { ...ok, memberId }), 404, 'not_found');
    }
    expect(await scheduleCounts(live.db)).toEqual(before);
    for (const job of [far, near, fixed, middle, theirs, narrow, early])
      expect(await getJob(team.owner, job.id)).toEqual(job);
  });

  it('treats recurring, shared, started, site-less and window-less visits as fixed', async () => {
    await clearDay();
    const flexible = await visit(team, 'Flexible', 2, '08:30');
    const series = await createJob(team.dispatcher, {
      title: 'Weekly check',
      ...north(3),
      start: at('10:00'),
      end: at('11:00'),
      rrule: 'FREQ=DAILY;COUNT=3',
      assigneeIds: [team.tech1.memberId],
    });
    const shared = await visit(team, 'Two of us', 4, '11:30', {
      assigneeIds: [team.tech1.memberId, team.tech2.memberId],
    });
    const started = await visit(team, 'Under way', 5, '13:00');
    changeOf(await setStatus(team.tech1, started, 'en_route'));
    const noSite = await visit(team, 'Phone call', 0, '14:30', { lat: null, lng: null });
    const noWindow = await visit(team, 'Fixed time', 6, '16:00', { flexibleWindow: null });
    const answer = await preview(team);
    expect(answer.flexibleVisits).toBe(1);
    expect(answer.visits.map((v) => [v.title, v.fixed])).toEqual([
      [flexible.title, false],
      [series.title, true],
      [shared.title, true],
      [started.title, true],
      [noSite.title, true],
      [noWindow.title, true],
    ]);
    // A fixed visit can't be applied either.
    const res = await team.dispatcher.client.post(applyUrl(team), moves(team, [[shared, '15:00']]));
    expectFieldError(res, 'visits.0.jobId');
  });

  it('says why there is nothing to reorder: no flexible visits, not a working day, no order fits', async () => {
    await clearDay();
    const none = await preview(team);
    expect(none).toMatchObject({ flexibleVisits: 0, after: null, changed: 0, visits: [] });
    expect(none.before).toEqual({ distanceKm: 0, driveMinutes: 0, finish: null });
    expect(none.message).toMatch(/^No visits with a flexible time on this day: give a visit a flexible window/);

    const fixed = await visit(team, 'Fixed', 3, '09:00', { flexibleWindow: null });
    const onlyFixed = await preview(team);
    expect(onlyFixed).toMatchObject({ flexibleVisits: 0, after: null, changed: 0 });
    expect(onlyFixed.visits.map((v) => [v.jobId, v.fixed, v.start])).toEqual([[fixed.id, true, fixed.start]]);
    expect(onlyFixed.before.finish).toBe(at('10:00'));
    expect(onlyFixed.message).toMatch(/^No visits with a flexible time/);

    // Saturday 9 March: no working hours to move into.
    const saturday = await createJob(team.dispatcher, {
      ...north(2),
      start: '2030-03-09T09:00:00Z',
      end: '2030-03-09T10:00:00Z',
      assigneeIds: [team.tech1.memberId],
      flexibleWindow: { start: '2030-03-09T07:00:00Z', end: '2030-03-09T15:00:00Z' },
    });
    const weekend = await preview(team, team.tech1.memberId, '2030-03-09');
    expect(weekend).toMatchObject({ flexibleVisits: 1, after: null, changed: 0 });
    expect(weekend.visits.map((v) => v.jobId)).toEqual([saturday.id]);
    expect(weekend.message).toMatch(/not a working day/);

    // A visit before the working hours whose window ends 30 minutes into them: it can't fit anywhere.
    await visit(team, 'Too early', 1, '06:30', { flexibleWindow: { start: at('06:00'), end: at('08:30') } });
    const stuck = await preview(team);
    expect(stuck).toMatchObject({ flexibleVisits: 1, after: null, changed: 0 });
    expect(stuck.message).toBe("No order fits every visit's window and the working hours");
  });

  it("says when today's order is already the least driving", async () => {
    await clearDay();
    await visit(team, 'First', 1, '08:30');
    await visit(team, 'Second', 2, '10:00');
    await visit(team, 'Third', 3, '12:00');
    const answer = await preview(team);
    expect(answer).toMatchObject({ flexibleVisits: 3, after: null, changed: 0 });
    expect(answer.message).toBe("Today's order already has the least driving");
    expect(answer.visits.map((v) => v.start)).toEqual([at('08:30'), at('10:00'), at('12:00')]);
  });

  it('checks the technician and the date', async () => {
    const get = (memberId: string, day = date) => team.dispatcher.client.get(previewUrl(team, memberId, day));
    expect(expectFieldError(await get(team.viewer.memberId), 'memberId')).toMatch(/viewer: only a technician's day/);
    expectProblem(await get('00000000-0000-4000-8000-000000000000'), 404, 'not_found');
    expect(expectFieldError(await get(team.tech1.memberId, 'Tuesday'), 'date')).toMatch(/date such as 2026-03-02/);
    expectFieldError(
      await team.dispatcher.client.get(ws(team.owner.workspaceId, `/optimise-day?date=${date}`)),
      'querystring.memberId',
    );
  });
});

describe('optimise a day with a routing service (ROUTING_URL)', () => {
  let osrm: OsrmServer;
  let ctx: TestContext;
  let team: Team;

  beforeAll(async () => {
    osrm = await startOsrmServer();
    ctx = await createTestApp({ env: { ROUTING_URL: osrm.origin } });
    team = await createOptimiseTeam(ctx.app);
  });
  afterAll(async () => {
    await ctx.close();
    await osrm.close();
  });

  it("figures the day with the service's drive times, asking it once; the model's with a notice when it fails", async () => {
    await wastefulDay(team);
    osrm.requests = [];
    const answer = await preview(team);
    expect(answer.source).toBe('routing');
    expect(answer.notice).toBeUndefined();
    const legs = [
      standInLeg(home, north(9)),
      standInLeg(north(9), north(1)),
      standInLeg(north(1), north(1)),
      standInLeg(north(1), north(5)),
    ];
    expect(answer.before.distanceKm).toBe(kmOf(legs.map((l) => l.distanceM)));
    expect(answer.before.driveMinutes).toBe(round1(legs.reduce((a, l) => a + l.durationS, 0) / 60));
    // One table of the five places (home and four sites, two of them the same).
    expect(osrm.requests).toHaveLength(1);

    osrm.mode = 'error';
    try {
      const fallback = await preview(team);
      expect(fallback.source).toBe('model');
      expect(fallback.notice).toMatch(/routing service could not be used \(.*HTTP 500/);
      expect(fallback.before.distanceKm).toBe(
        kmOf(
          [travelLeg(home, north(9)), travelLeg(north(9), north(1)), travelLeg(north(1), north(5))].map(
            (l) => l.distanceM,
          ),
        ),
      );
    } finally {
      osrm.mode = 'ok';
    }
  });
});

describe('optimise a day on the demo', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp();
    // Wednesday 18 November 2026, 10:40 in Berlin: the demo's weeks are 9–13, 16–20 and 23–27 Nov.
    await seedDemo(ctx.db, { now: Date.parse('2026-11-18T09:40:00Z') });
  });
  afterAll(() => ctx.close());

  it("every technician's next working day has flexible visits to reorder", async () => {
    const { client, me } = await signIn(ctx.app, 'dispatcher@demo.test', 'fieldplan-demo');
    const workspaceId = me.memberships[0]?.workspaceId ?? '';
    const members = (await client.get(ws(workspaceId, '/members'))).json() as { id: string; role: string }[];
    const technicians = members.filter((m) => m.role === 'technician');
    expect(technicians.length).toBeGreaterThan(0);
    for (const technician of technicians) {
      const res = await client.get(ws(workspaceId, `/optimise-day?memberId=${technician.id}&date=2026-11-19`));
      expect(res.statusCode, res.body).toBe(200);
      const day = res.json() as { flexibleVisits: number; visits: unknown[]; before: { driveMinutes: number } };
      expect(day.flexibleVisits).toBeGreaterThanOrEqual(2);
      expect(day.visits.length).toBeGreaterThan(day.flexibleVisits);
      expect(day.before.driveMinutes).toBeGreaterThan(0);
    }
  });
});
