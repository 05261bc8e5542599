import { type BusyEvent, type Job, type Member, unassignedResourceId } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyJobChangeToVisits,
  busyTimesOf,
  type RangeFilter,
  rangeFilterOf,
  type VisitContext,
} from '../../web/src/entities/job/calendar-patch';
import { type CalendarVisit, calendarVisitOf } from '../../web/src/entities/job/calendar-visit';
import type { JobChangeMessage } from '../../web/src/entities/job/job-change';
import { busy, subscribe } from './feeds/feed-helpers.js';
import { calendar, type IcalServer, startIcalServer } from './feeds/ical-server.js';
import { createTestApp, type TestContext } from './harness.js';
import { ws } from './helpers.js';
import {
  changeOf,
  createJob,
  createTeam,
  deleteJob,
  events,
  getJob,
  patchJob,
  scopeQuery,
  setStatus,
  type Team,
} from './schedule-helpers.js';

// One owner per idea, tested: the server's calendar feed and the web's cache patch (the path every
// realtime job change takes into a cached range) must give the same visits for the same jobs —
// expansion across DST, exceptions, statuses, colours, flexible marks, double bookings, busy time
// and filters. Either side changing its reading alone fails here. The web's cache holds visits: the
// feed's events are compared as the web reads them on arrival (`calendarVisitOf`).

const zone = 'Europe/Berlin';
/** Two weeks around the switch to summer time (Sunday 29 March 2026: 09:00 local is 08:00Z before, 07:00Z after). */
const week = { start: '2026-03-23', end: '2026-04-06' };
const policy = { readTimeoutMs: 2_000, totalTimeoutMs: 5_000, connectTimeoutMs: 2_000 };

const ics = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fieldplan parity//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, start: string, end: string) =>
  ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', start, end, `SUMMARY:${uid}`, 'END:VEVENT'].join('\r\n');

describe('schedule parity: the server feed and the web cache patch agree on every visit', () => {
  let ctx: TestContext;
  let team: Team;
  let ical: IcalServer;
  const jobIds: string[] = [];

  const feed = (filter = '') => events(team.owner, week.start, week.end, filter);
  /** The feed's answer as the web's cache holds it (converted on arrival). */
  const feedVisits = async (filter = '') => (await feed(filter)).map(calendarVisitOf);
  const job = (id: string) => getJob(team.owner, id);
  const created = (data: Job): JobChangeMessage => ({ entity: 'job', action: 'created', data });

  /** What the web holds for the workspace: zone, colours (members) and the range's busy time. */
  async function webContext(): Promise<{ ctx: VisitContext; busyTimes: ReturnType<typeof busyTimesOf> }> {
    const members = (await team.owner.client.get(ws(team.owner.workspaceId, '/members'))).json() as Member[];
    const busyEvents: BusyEvent[] = await busy(team.owner, week.start, week.end);
    return {
      ctx: { zone, colours: new Map(members.map((m) => [m.id, m.colour])) },
      busyTimes: busyTimesOf(busyEvents, zone),
    };
  }

  /** The web's cached range built from nothing, one realtime `created` change per job. */
  async function webRange(cached: RangeFilter): Promise<CalendarVisit[]> {
    const { ctx: visitCtx, busyTimes } = await webContext();
    let cache: CalendarVisit[] = [];
    for (const id of jobIds) cache = applyJobChangeToVisits(cache, created(await job(id)), cached, visitCtx, busyTimes);
    return cache;
  }

  const rangeOf = (technicianId: string | null, status: string) =>
    rangeFilterOf({ workspaceId: team.owner.workspaceId, ...week, technicianId, status }, zone);

  beforeAll(async () => {
    ctx = await createTestApp({ env: { FEEDS_ALLOW_LOOPBACK: '1' }, feeds: { background: false, policy } });
    team = await createTeam(ctx.app, { timeZone: zone });
    ical = await startIcalServer();
    const { owner, tech1, tech2 } = team;

    // A weekly series across the DST switch (Mon + Thu 09:00 local), with every kind of exception.
    const series = await createJob(owner, {
      title: 'Stairwell clean',
      start: '2026-03-23T08:00:00Z',
      end: '2026-03-23T09:00:00Z',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH;COUNT=8',
      assigneeIds: [tech1.memberId],
    });
    // Thursday 26 March moves to 14:00 local with the other technician…
    let s = changeOf(
      await patchJob(
        owner,
        series,
        { start: '2026-03-26T13:00:00Z', end: '2026-03-26T14:00:00Z', assigneeIds: [tech2.memberId] },
        scopeQuery('this', '2026-03-26T08:00:00.000Z'),
      ),
    ).jobs[0] as Job;
    // …Monday 30 March (first after the switch: 07:00Z) is deleted…
    s = changeOf(await deleteJob(owner, s, scopeQuery('this', '2026-03-30T07:00:00.000Z'))).jobs[0] as Job;
    // …and Thursday 2 April has its own status.
    expect((await setStatus(owner, s, 'en_route', '2026-04-02T07:00:00.000Z')).statusCode).toBe(200);

    // An all-day series across the switch (never double-books).
    const allDay = await createJob(owner, {
      title: 'Site duty',
      start: '2026-03-27',
      end: '2026-03-28',
      allDay: true,
      rrule: 'FREQ=DAILY;COUNT=5',
      assigneeIds: [tech2.memberId],
    });
    // A flexible one-off on the series' first Monday: a double booking with it.
    const flexible = await createJob(owner, {
      title: 'Boiler check',
      start: '2026-03-23T08:30:00Z',
      end: '2026-03-23T09:30:00Z',
      flexibleWindow: { start: '2026-03-23T07:00:00Z', end: '2026-03-23T12:00:00Z' },
      assigneeIds: [tech1.memberId],
    });
    // Two technicians, overlapping the moved occurrence on tech2.
    const pair = await createJob(owner, {
      title: 'Roof survey',
      start: '2026-03-26T13:30:00Z',
      end: '2026-03-26T14:30:00Z',
      assigneeIds: [tech1.memberId, tech2.memberId],
    });
    // Cancelled: takes no time.
    const cancelled = await createJob(owner, {
      title: 'Called off',
      start: '2026-03-23T08:00:00Z',
      end: '2026-03-23T10:00:00Z',
      assigneeIds: [tech1.memberId],
    });
    expect((await setStatus(owner, cancelled, 'cancelled')).statusCode).toBe(200);
    const unassigned = await createJob(owner, {
      title: 'Nobody yet',
      start: '2026-03-24T12:00:00Z',
      end: '2026-03-24T13:00:00Z',
    });
    // On tech1's own busy time (Tuesday 10:00–12:00 local).
    const onBusy = await createJob(owner, {
      title: 'Meter reading',
      start: '2026-03-24T09:30:00Z',
      end: '2026-03-24T10:30:00Z',
      assigneeIds: [tech1.memberId],
    });
    jobIds.push(series.id, allDay.id, flexible.id, pair.id, cancelled.id, unassigned.id, onBusy.id);

    ical.route(
      '/tech1.ics',
      calendar(
        ics([
          vevent('physio', 'DTSTART;TZID=Europe/Berlin:20260324T100000', 'DTEND;TZID=Europe/Berlin:20260324T120000'),
        ]),
      ),
    );
    // A workspace-wide all-day holiday on Thursday 2 April: every technician's visit that day is on it.
    ical.route(
      '/holidays.ics',
      calendar(ics([vevent('holiday', 'DTSTART;VALUE=DATE:20260402', 'DTEND;VALUE=DATE:20260403')])),
    );
    await subscribe(owner, `${ical.origin}/tech1.ics`, { name: 'Tim', memberId: tech1.memberId });
    await subscribe(owner, `${ical.origin}/holidays.ics`, { name: 'Holidays' });
  });
  afterAll(async () => {
    await ical.close();
    await ctx.close();
  });

  it('builds the same visits from the jobs as the feed sends (DST, exceptions, flexible, double bookings, busy time)', async () => {
    const server = await feed();
    // The fixtures mean what they say: a DST-shifted occurrence, a moved and a deleted one, marks.
    const byId = new Map(server.map((e) => [e.id, e]));
    const [seriesId, , flexibleId, pairId, , , onBusyId] = jobIds;
    expect(byId.get(`${seriesId}:${Date.parse('2026-04-02T07:00:00Z')}`)?.extendedProps).toMatchObject({
      status: 'en_route',
      overlapsWith: [expect.stringMatching(/^busy:/)],
    });
    expect(byId.has(`${seriesId}:${Date.parse('2026-03-30T07:00:00Z')}`)).toBe(false);
    expect(byId.get(`${seriesId}:${Date.parse('2026-03-26T08:00:00Z')}`)?.start).toBe('2026-03-26T13:00:00.000Z');
    expect(byId.get(flexibleId as string)?.extendedProps).toMatchObject({
      flexible: true,
      overlapsWith: [`${seriesId}:${Date.parse('2026-03-23T08:00:00Z')}`],
    });
    expect(byId.get(pairId as string)?.extendedProps.overlapsWith).toEqual([
      `${seriesId}:${Date.parse('2026-03-26T08:00:00Z')}`,
    ]);
    expect(byId.get(onBusyId as string)?.extendedProps.overlapsWith).toEqual([expect.stringMatching(/^busy:/)]);

    expect(await webRange(rangeOf(null, ''))).toEqual(server.map(calendarVisitOf));
  });

  it('filters the same way: one technician, unassigned, some statuses', async () => {
    for (const [technicianId, status] of [
      [team.tech2.memberId, ''],
      [unassignedResourceId, ''],
      [null, 'scheduled,en_route'],
    ] as const) {
      const query = `${technicianId ? `&technicianId=${technicianId}` : ''}${status ? `&status=${status}` : ''}`;
      const server = await feed(query);
      expect(server.length).toBeGreaterThan(0);
      expect(await webRange(rangeOf(technicianId, status)), query).toEqual(server.map(calendarVisitOf));
    }
  });

  it('patches a cached range into what the feed answers after a change, a move and a delete', async () => {
    const { ctx: visitCtx, busyTimes } = await webContext();
    const all = rangeOf(null, '');
    let cache = await feedVisits();
    const [seriesId, , flexibleId, , , unassignedId] = jobIds as [string, string, string, string, string, string];

    // The unassigned job goes to tech1 on the flexible job's time: a new double booking.
    const moved = changeOf(
      await patchJob(team.owner, await job(unassignedId), {
        start: '2026-03-23T09:00:00Z',
        end: '2026-03-23T10:00:00Z',
        assigneeIds: [team.tech1.memberId],
      }),
    ).jobs[0] as Job;
    cache = applyJobChangeToVisits(cache, { entity: 'job', action: 'updated', data: moved }, all, visitCtx, busyTimes);
    expect(cache).toEqual(await feedVisits());

    // One occurrence of the series moves onto the pair's time on tech1 (DST side: 07:00Z).
    const series = await job(seriesId);
    const occurrence = changeOf(
      await patchJob(
        team.owner,
        series,
        { start: '2026-03-26T13:45:00Z', end: '2026-03-26T14:15:00Z', assigneeIds: [team.tech1.memberId] },
        scopeQuery('this', '2026-03-26T08:00:00.000Z'),
      ),
    ).jobs[0] as Job;
    cache = applyJobChangeToVisits(
      cache,
      { entity: 'job', action: 'updated', data: occurrence },
      all,
      visitCtx,
      busyTimes,
    );
    expect(cache).toEqual(await feedVisits());

    // The flexible job goes: its partners lose their marks.
    const flexible = await job(flexibleId);
    expect((await deleteJob(team.owner, flexible)).statusCode).toBe(200);
    cache = applyJobChangeToVisits(
      cache,
      { entity: 'job', action: 'deleted', data: { id: flexibleId } },
      all,
      visitCtx,
      busyTimes,
    );
    expect(cache).toEqual(await feedVisits());
  });
});
