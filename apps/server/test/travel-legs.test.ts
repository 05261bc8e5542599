import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LatLng, type TravelLegs, travelLeg } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, ws } from './helpers.js';
import { createJob, createTeam, events, patchJob, setStatus, type Team } from './schedule-helpers.js';
import { type OsrmServer, standInLeg, startOsrmServer } from './travel-osrm-server.js';

// The drives between visits through the API: a technician's day chained from the home
// base in time order, the gaps too short for the drive, the days of the workspace's zone, the ids
// the calendar feed uses, bad ranges, and the routing service path with its fallback.

const home: LatLng = { lat: 52.5, lng: 13.4 };
const a: LatLng = { lat: 52.52, lng: 13.4 };
// 10 km north of a: 13 km and 26 min by the model.
const b: LatLng = { lat: 52.61, lng: 13.4 };
const c: LatLng = { lat: 52.61, lng: 13.45 };

const tenth = (n: number) => Math.round(n * 10) / 10;
const model = (from: LatLng, to: LatLng) => {
  const leg = travelLeg(from, to);
  return { driveMinutes: tenth(leg.durationS / 60), distanceKm: tenth(leg.distanceM / 1000) };
};

async function legsOf(team: Team, query: string): Promise<TravelLegs> {
  const res = await team.dispatcher.client.get(ws(team.owner.workspaceId, `/travel-legs?${query}`));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TravelLegs;
}

/** A visit of `tech` at `site` (times UTC; Berlin is UTC+1 in March). */
function visit(team: Team, tech: string, site: LatLng, start: string, end: string, extra = {}) {
  return createJob(team.owner, { ...site, start, end, assigneeIds: [tech], ...extra });
}

async function setHome(team: Team, memberId: string, homeBase: LatLng | null) {
  const res = await team.owner.client.patch(ws(team.owner.workspaceId, `/members/${memberId}`), { homeBase });
  expect(res.statusCode, res.body).toBe(200);
}

describe('travel legs', () => {
  let ctx: TestContext;
  let team: Team;

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    await setHome(team, team.tech1.memberId, home);
  });
  afterAll(() => ctx.close());

  it("chains a technician's day from home in time order and flags the gap too short for the drive", async () => {
    const t = team.tech1.memberId;
    // Created out of order: the answer follows the times.
    const third = await visit(team, t, c, '2030-03-05T13:00:00Z', '2030-03-05T14:00:00Z');
    const first = await visit(team, t, a, '2030-03-05T08:00:00Z', '2030-03-05T09:00:00Z');
    const second = await visit(team, t, b, '2030-03-05T09:05:00Z', '2030-03-05T10:00:00Z');
    // Neither a cancelled visit nor an all-day one takes the technician's time.
    const cancelled = await visit(team, t, home, '2030-03-05T11:00:00Z', '2030-03-05T12:00:00Z');
    const cancelling = await setStatus(team.owner, cancelled, 'cancelled');
    expect(cancelling.statusCode, cancelling.body).toBe(200);
    await createJob(team.owner, { ...home, allDay: true, start: '2030-03-05', end: '2030-03-06', assigneeIds: [t] });

    const answer = await legsOf(team, 'start=2030-03-05&end=2030-03-06');
    expect(answer.source).toBe('model');
    expect(answer.notice).toBeUndefined();
    expect(answer.legs).toEqual([
      {
        memberId: t,
        date: '2030-03-05',
        fromEventId: null,
        toEventId: first.id,
        gapMinutes: null,
        ...model(home, a),
        tooShort: false,
      },
      // 5 minutes for a 26-minute drive.
      {
        memberId: t,
        date: '2030-03-05',
        fromEventId: first.id,
        toEventId: second.id,
        gapMinutes: 5,
        ...model(a, b),
        tooShort: true,
      },
      {
        memberId: t,
        date: '2030-03-05',
        fromEventId: second.id,
        toEventId: third.id,
        gapMinutes: 180,
        ...model(b, c),
        tooShort: false,
      },
    ]);
    expect(model(a, b).driveMinutes).toBeGreaterThan(20);
    const drives = [model(home, a), model(a, b), model(b, c)];
    expect(answer.days).toEqual([
      {
        memberId: t,
        date: '2030-03-05',
        visits: 3,
        driveMinutes: tenth(
          (travelLeg(home, a).durationS + travelLeg(a, b).durationS + travelLeg(b, c).durationS) / 60,
        ),
        distanceKm: tenth(
          (travelLeg(home, a).distanceM + travelLeg(a, b).distanceM + travelLeg(b, c).distanceM) / 1000,
        ),
        tooShort: 1,
      },
    ]);
    expect(answer.days[0]?.driveMinutes).toBeCloseTo(
      drives.reduce((s, d) => s + d.driveMinutes, 0),
      0,
    );

    // Moving the second visit later clears the flag (and the answer is not a stale copy).
    const moved = await patchJob(team.owner, second, { start: '2030-03-05T09:45:00Z', end: '2030-03-05T10:30:00Z' });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await legsOf(team, 'start=2030-03-05&end=2030-03-06');
    expect(after.legs.map((l) => [l.toEventId, l.gapMinutes, l.tooShort])).toEqual([
      [first.id, null, false],
      [second.id, 45, false],
      [third.id, 150, false],
    ]);
    expect(after.days[0]?.tooShort).toBe(0);
  });

  it('gives the calendar feed’s event ids, occurrences included, and chains each local day apart', async () => {
    const t = team.tech2.memberId;
    // No home base: each day starts at its first visit. A daily series at a, 08:00–09:00 local.
    const series = await visit(team, t, a, '2030-04-01T06:00:00Z', '2030-04-01T07:00:00Z', {
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    // 23:30 local on the 1st and 00:30 local on the 2nd: the same UTC date, two local days.
    const late = await visit(team, t, b, '2030-04-01T21:30:00Z', '2030-04-01T21:50:00Z');
    const early = await visit(team, t, c, '2030-04-01T22:30:00Z', '2030-04-01T22:50:00Z');
    const answer = await legsOf(team, 'start=2030-04-01&end=2030-04-04');
    const feed = await events(team.owner, '2030-04-01', '2030-04-04', `&technicianId=${t}`);
    const idOf = (jobId: string, day: string) =>
      feed.find((e) => e.extendedProps.jobId === jobId && e.start.startsWith(day))?.id;
    expect(idOf(series.id, '2030-04-01')).toMatch(new RegExp(`^${series.id}:`));
    expect(answer.legs.map((l) => [l.date, l.fromEventId, l.toEventId])).toEqual([
      ['2030-04-01', idOf(series.id, '2030-04-01'), late.id],
      // 00:30 on the 2nd is that day's first visit; the series visit follows it.
      ['2030-04-02', early.id, idOf(series.id, '2030-04-02')],
    ]);
    expect(answer.days.map((d) => [d.date, d.visits])).toEqual([
      ['2030-04-01', 2],
      ['2030-04-02', 2],
      ['2030-04-03', 1],
    ]);
    expect(answer.days[2]).toMatchObject({ driveMinutes: 0, distanceKm: 0, tooShort: 0 });
    // A range cut inside a day still chains that whole day; days outside it are not answered.
    const noon = await legsOf(team, 'start=2030-04-02T12:00:00%2B02:00&end=2030-04-02T18:00:00%2B02:00');
    expect(noon.days.map((d) => d.date)).toEqual(['2030-04-02']);
    expect(noon.legs.map((l) => l.toEventId)).toEqual([idOf(series.id, '2030-04-02')]);
  });

  it('puts a visit of two technicians on both their days; a visit without a site breaks no chain', async () => {
    const [t1, t2] = [team.tech1.memberId, team.tech2.memberId];
    await setHome(team, t2, null);
    const both = await visit(team, t1, a, '2030-05-06T08:00:00Z', '2030-05-06T09:00:00Z', { assigneeIds: [t1, t2] });
    const phone = await createJob(team.owner, {
      lat: null,
      lng: null,
      start: '2030-05-06T09:00:00Z',
      end: '2030-05-06T09:30:00Z',
      assigneeIds: [t2],
    });
    const next = await visit(team, t2, b, '2030-05-06T09:40:00Z', '2030-05-06T10:30:00Z');
    const answer = await legsOf(team, 'start=2030-05-06&end=2030-05-07');
    const of = (memberId: string) =>
      answer.legs
        .filter((l) => l.memberId === memberId)
        .map((l) => [l.fromEventId, l.toEventId, l.gapMinutes, l.tooShort]);
    expect(of(t1)).toEqual([[null, both.id, null, false]]);
    // No home base: the day starts at the shared visit; the next drive is from there, in the 10
    // minutes after the call without a site.
    expect(of(t2)).toEqual([[both.id, next.id, 10, true]]);
    // By technician, then date.
    expect(answer.legs.map((l) => l.memberId)).toEqual([t1, t2].sort());
    expect(answer.days.find((d) => d.memberId === t2)?.visits).toBe(3);
    expect(phone.id).toBeTruthy();
  });

  it('refuses bad ranges, naming the field', async () => {
    const at = (query: string) => team.dispatcher.client.get(ws(team.owner.workspaceId, `/travel-legs?${query}`));
    expect(expectFieldError(await at('start=2030-03-01&end=2030-04-13'), 'end')).toMatch(/at most 42 days/);
    expect((await at('start=2030-03-01&end=2030-04-12')).statusCode).toBe(200);
    expectFieldError(await at('start=yesterday&end=2030-03-02'), 'start');
    expectFieldError(await at('start=2030-03-02&end=2030-02-31'), 'end');
    expectFieldError(await at('start=2030-03-02&end=2030-03-01'), 'end');
    expectFieldError(await at('end=2030-03-02'), 'querystring.start');
    expectProblem(await at(`start=${'9'.repeat(41)}&end=2030-03-02`), 400, 'validation_failed');
  });
});

describe('travel legs with a routing service (ROUTING_URL)', () => {
  let osrm: OsrmServer;

  beforeAll(async () => {
    osrm = await startOsrmServer();
  });
  afterAll(() => osrm.close());

  async function dayOfTwo(ctx: TestContext) {
    const team = await createTeam(ctx.app);
    await setHome(team, team.tech1.memberId, home);
    const t = team.tech1.memberId;
    await visit(team, t, a, '2030-03-05T08:00:00Z', '2030-03-05T09:00:00Z');
    await visit(team, t, b, '2030-03-05T09:10:00Z', '2030-03-05T10:00:00Z');
    return team;
  }
  const standIn = (from: LatLng, to: LatLng) => {
    const leg = standInLeg(from, to);
    return [tenth(leg.durationS / 60), tenth(leg.distanceM / 1000)];
  };

  it('prices the drives with the service in one request, and with the model and a notice when it fails', async () => {
    const ctx = await createTestApp({ env: { ROUTING_URL: osrm.origin } });
    try {
      const team = await dayOfTwo(ctx);
      osrm.requests = [];
      const answer = await legsOf(team, 'start=2030-03-05&end=2030-03-06');
      expect(answer.source).toBe('routing');
      expect(answer.notice).toBeUndefined();
      expect(answer.legs.map((l) => [l.driveMinutes, l.distanceKm])).toEqual([standIn(home, a), standIn(a, b)]);
      expect(osrm.requests).toEqual([[home, a, b]]);
      // Asked again with nothing changed: the answer is kept, the service not asked again.
      expect(await legsOf(team, 'start=2030-03-05&end=2030-03-06')).toEqual(answer);
      expect(osrm.requests).toHaveLength(1);

      osrm.mode = 'garbage';
      await visit(team, team.tech1.memberId, c, '2030-03-05T15:00:00Z', '2030-03-05T16:00:00Z');
      const fallback = await legsOf(team, 'start=2030-03-05&end=2030-03-06');
      expect(fallback.source).toBe('model');
      expect(fallback.notice).toMatch(/routing service could not be used \(its answer was not JSON\)/);
      expect(fallback.legs.map((l) => [l.driveMinutes, l.distanceKm])).toEqual(
        [model(home, a), model(a, b), model(b, c)].map((m) => [m.driveMinutes, m.distanceKm]),
      );
      // A fallback is not kept: once the service answers again, so does the API.
      osrm.mode = 'ok';
      expect((await legsOf(team, 'start=2030-03-05&end=2030-03-06')).source).toBe('routing');
    } finally {
      osrm.mode = 'ok';
      await ctx.close();
    }
  });

  it('falls back to the model with a notice when the service is down', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const ctx = await createTestApp({ env: { ROUTING_URL: `http://127.0.0.1:${port}` } });
    try {
      const team = await dayOfTwo(ctx);
      const answer = await legsOf(team, 'start=2030-03-05&end=2030-03-06');
      expect(answer.source).toBe('model');
      expect(answer.notice).toMatch(/refused the connection/);
      expect(answer.legs.map((l) => l.driveMinutes)).toEqual([model(home, a).driveMinutes, model(a, b).driveMinutes]);
      expect(answer.legs.map((l) => l.tooShort)).toEqual([false, true]);
    } finally {
      await ctx.close();
    }
  });
});
