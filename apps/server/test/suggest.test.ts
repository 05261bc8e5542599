import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LatLng, travelLeg } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscribe } from './feeds/feed-helpers.js';
import { calendar, type IcalServer, startIcalServer } from './feeds/ical-server.js';
import { createTestApp, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, ws } from './helpers.js';
import { createJob } from './schedule-helpers.js';
import { createSuggestTeam, homes, type SuggestTeam, site, suggestions, unscheduled } from './suggest-fixtures.js';
import { type OsrmServer, standInLeg, startOsrmServer } from './travel-osrm-server.js';

// Slot suggestions through the API: the ranking on a hand-made team, what excludes a
// slot (working days and hours, existing jobs with the drives around them, busy time from feeds),
// bad input, and the routing service path with its fallback.

const minutes = (a: LatLng, b: LatLng) => Math.round((travelLeg(a, b).durationS / 60) * 10) / 10;
const km = (a: LatLng, b: LatLng) => Math.round(travelLeg(a, b).distanceM / 100) / 10;
const policy = { readTimeoutMs: 2_000, totalTimeoutMs: 5_000, connectTimeoutMs: 2_000 };

const ics = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fieldplan tests//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, start: string, end: string) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20300101T000000Z', start, end, 'SUMMARY:Busy', 'END:VEVENT'].join('\r\n');

describe('slot suggestions', () => {
  let ctx: TestContext;
  let team: SuggestTeam;
  let icalHost: IcalServer;

  beforeAll(async () => {
    ctx = await createTestApp({ env: { FEEDS_ALLOW_LOOPBACK: '1' }, feeds: { background: false, policy } });
    team = await createSuggestTeam(ctx.app);
    icalHost = await startIcalServer();
  });
  afterAll(async () => {
    await icalHost.close();
    await ctx.close();
  });

  it('ranks technicians by the drive they add: nearest home first, on a day without jobs', async () => {
    const job = await unscheduled(team);
    const started = Date.now();
    const answer = await suggestions(team, job.id, 'from=2030-03-05&days=1');
    console.log(`suggestions for 3 technicians × 1 day in ${Date.now() - started} ms`);
    expect(answer).toEqual({
      options: [0, 1, 2].map((i) => {
        // The day starts at 08:00 local (07:00Z) at home: the first start on the grid after the drive.
        const drive = travelLeg(homes[i] as LatLng, site).durationS * 1000;
        const start = Math.ceil((Date.parse('2030-03-05T07:00:00Z') + drive) / 900_000) * 900_000;
        return {
          memberId: team.techs[i]?.memberId,
          start: new Date(start).toISOString(),
          end: new Date(start + 3_600_000).toISOString(),
          addedTravelMinutes: minutes(homes[i] as LatLng, site),
          addedDistanceKm: km(homes[i] as LatLng, site),
        };
      }),
      durationMinutes: 60,
      outsideServiceAreas: false,
      source: 'model',
    });
    expect(answer.options.map((o) => o.start)).toEqual([
      '2030-03-05T07:15:00.000Z',
      '2030-03-05T07:15:00.000Z',
      '2030-03-05T07:30:00.000Z',
    ]);
  });

  it('fits a job next to a visit at the same site (no added drive) before a nearer technician', async () => {
    const visit = await createJob(team.owner, {
      title: 'Next door',
      ...site,
      start: '2030-03-04T09:00:00Z',
      end: '2030-03-04T10:00:00Z',
      assigneeIds: [team.tech3.memberId],
    });
    const job = await unscheduled(team);
    const answer = await suggestions(team, job.id, 'from=2030-03-04&days=1&durationMinutes=90');
    expect(answer.options).toEqual([
      // Before the visit: home → site at 07:26Z, on the grid 07:30Z, done at 09:00Z when the visit starts.
      {
        memberId: team.tech3.memberId,
        start: '2030-03-04T07:30:00.000Z',
        end: '2030-03-04T09:00:00.000Z',
        addedTravelMinutes: 0,
        addedDistanceKm: 0,
        before: visit.id,
      },
      {
        memberId: team.tech3.memberId,
        start: '2030-03-04T10:00:00.000Z',
        end: '2030-03-04T11:30:00.000Z',
        addedTravelMinutes: 0,
        addedDistanceKm: 0,
        after: visit.id,
      },
      {
        memberId: team.tech1.memberId,
        start: '2030-03-04T07:15:00.000Z',
        end: '2030-03-04T08:45:00.000Z',
        addedTravelMinutes: minutes(homes[0] as LatLng, site),
        addedDistanceKm: km(homes[0] as LatLng, site),
      },
    ]);
  });

  it("keeps clear of jobs and the drives around them, of busy time, and of the working week's edges", async () => {
    const far = { lat: 52.4, lng: 13.4 };
    // Tech 2 is out at a far site all day but for half an hour.
    for (const [start, end] of [
      ['2030-03-06T07:00:00Z', '2030-03-06T11:00:00Z'],
      ['2030-03-06T11:30:00Z', '2030-03-06T16:00:00Z'],
    ]) {
      await createJob(team.owner, { ...far, start, end, assigneeIds: [team.tech2.memberId] });
    }
    // Tech 1 is busy (their own calendar) until 13:00 local; everyone is off on Thursday.
    icalHost.route(
      '/tech1.ics',
      calendar(
        ics([vevent('a', 'DTSTART;TZID=Europe/Berlin:20300306T080000', 'DTEND;TZID=Europe/Berlin:20300306T130000')]),
      ),
    );
    icalHost.route(
      '/team.ics',
      calendar(ics([vevent('b', 'DTSTART;VALUE=DATE:20300307', 'DTEND;VALUE=DATE:20300308')])),
    );
    await subscribe(team.owner, `${icalHost.origin}/tech1.ics`, { memberId: team.tech1.memberId });
    await subscribe(team.owner, `${icalHost.origin}/team.ics`);
    const job = await unscheduled(team);

    const wednesday = await suggestions(team, job.id, 'from=2030-03-06&days=1');
    expect(wednesday.options.map((o) => [o.memberId, o.start])).toEqual([
      // 12:00Z (13:00 local) plus the drive from home, on the grid.
      [team.tech1.memberId, '2030-03-06T12:15:00.000Z'],
      [team.tech3.memberId, '2030-03-06T07:30:00.000Z'],
    ]);
    expect((await suggestions(team, job.id, 'from=2030-03-07&days=1')).options).toEqual([]);
    // Saturday and Sunday are not working days.
    expect((await suggestions(team, job.id, 'from=2030-03-09&days=2')).options).toEqual([]);
    // Nine working hours hold no ten-hour job.
    expect((await suggestions(team, job.id, 'from=2030-03-05&days=1&durationMinutes=600')).options).toEqual([]);
    // Every option of a fortnight lies within the working hours, on the grid.
    const fortnight = await suggestions(team, job.id, 'from=2030-03-04&days=14');
    expect(fortnight.options).toHaveLength(3);
    for (const o of fortnight.options) {
      expect(Date.parse(o.start) % 900_000).toBe(0);
      expect(new Date(o.start).getUTCHours()).toBeGreaterThanOrEqual(7);
      expect(Date.parse(o.end)).toBeLessThanOrEqual(Date.parse(`${o.start.slice(0, 10)}T16:00:00Z`));
    }
  });

  it('flags a site outside every service area, still suggesting', async () => {
    const area = {
      name: 'Mitte',
      colour: '#0072B2',
      geometry: { type: 'Circle', center: { lat: 52.52, lng: 13.4 }, radiusM: 3000 },
    };
    const res = await team.owner.client.post(ws(team.owner.workspaceId, '/areas'), area);
    expect(res.statusCode, res.body).toBe(201);
    const inside = await unscheduled(team);
    const outside = await unscheduled(team, { lat: 52.7, lng: 13.4 });
    expect((await suggestions(team, inside.id, 'from=2030-03-05&days=1')).outsideServiceAreas).toBe(false);
    const answer = await suggestions(team, outside.id, 'from=2030-03-05&days=1');
    expect(answer.outsideServiceAreas).toBe(true);
    expect(answer.options.map((o) => o.memberId)).toEqual([
      team.tech3.memberId,
      team.tech2.memberId,
      team.tech1.memberId,
    ]);
    await team.owner.client.delete(ws(team.owner.workspaceId, `/areas/${(res.json() as { id: string }).id}`), {
      'if-match': '"1"',
    });
  });

  it('refuses a scheduled job, a job without a site and bad query values, naming the field', async () => {
    const at = (id: string, query: string) =>
      team.dispatcher.client.get(ws(team.owner.workspaceId, `/jobs/${id}/suggestions?${query}`));
    const scheduled = await createJob(team.owner, { start: '2030-03-04T09:00:00Z', end: '2030-03-04T10:00:00Z' });
    expectFieldError(await at(scheduled.id, ''), 'id');
    const nowhere = await unscheduled(team, { lat: null, lng: null });
    expectFieldError(await at(nowhere.id, ''), 'lat');
    const job = await unscheduled(team);
    expectFieldError(await at(job.id, 'days=15'), 'querystring.days');
    expectFieldError(await at(job.id, 'days=0'), 'querystring.days');
    expectFieldError(await at(job.id, 'from=2030-02-30'), 'from');
    expectFieldError(await at(job.id, 'durationMinutes=2'), 'querystring.durationMinutes');
    expectProblem(await at('no-such-job', ''), 404, 'not_found');
  });
});

describe('slot suggestions with a routing service (ROUTING_URL)', () => {
  let osrm: OsrmServer;

  beforeAll(async () => {
    osrm = await startOsrmServer();
  });
  afterAll(() => osrm.close());

  it("ranks by the service's drive times, and by the model with a notice when it fails", async () => {
    const ctx = await createTestApp({ env: { ROUTING_URL: osrm.origin } });
    try {
      const team = await createSuggestTeam(ctx.app);
      const job = await unscheduled(team);
      const answer = await suggestions(team, job.id, 'from=2030-03-05&days=1');
      expect(answer.source).toBe('routing');
      expect(answer.notice).toBeUndefined();
      expect(answer.options.map((o) => o.addedTravelMinutes)).toEqual(
        homes.map((h) => Math.round((standInLeg(h, site).durationS / 60) * 10) / 10),
      );
      expect(osrm.requests.length).toBeGreaterThan(0);

      osrm.mode = 'garbage';
      const fallback = await suggestions(team, job.id, 'from=2030-03-05&days=1');
      expect(fallback.source).toBe('model');
      expect(fallback.notice).toMatch(/routing service could not be used \(its answer was not JSON\)/);
      expect(fallback.options.map((o) => o.addedTravelMinutes)).toEqual(homes.map((h) => minutes(h, site)));
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
      const team = await createSuggestTeam(ctx.app);
      const job = await unscheduled(team);
      const answer = await suggestions(team, job.id, 'from=2030-03-05&days=1');
      expect(answer.source).toBe('model');
      expect(answer.notice).toMatch(/refused the connection/);
      expect(answer.options.map((o) => o.memberId)).toEqual(team.techs.map((t) => t.memberId));
    } finally {
      await ctx.close();
    }
  });
});
