import { type CalendarEvent, unassignedColour } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpOwner, type TestContext } from './harness.js';
import { expectFieldError, expectProblem, ws } from './helpers.js';
import {
  createCustomer,
  createJob,
  createTeam,
  events,
  getJob,
  ifMatch,
  patchJob,
  scheduleCounts,
  setStatus,
  type Team,
} from './schedule-helpers.js';

const at = (day: string, time: string) => `2026-03-${day}T${time}:00.000Z`;

describe('calendar feed', () => {
  let ctx: TestContext;
  let team: Team;
  const feedUrl = (query: string) => ws(team.owner.workspaceId, `/calendar/events?${query}`);
  const byJob = (all: CalendarEvent[], jobId: string) => all.filter((e) => e.extendedProps.jobId === jobId);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
  });
  afterAll(() => ctx.close());

  it('answers FullCalendar event objects with job, occurrence, version, assignees, colour', async () => {
    const customer = await createCustomer(team.owner, { name: 'Hausverwaltung Krüger' });
    const oneOff = await createJob(team.owner, {
      title: 'Boiler service',
      customerId: customer.id,
      address: 'Torstraße 1',
      lat: 52.5291,
      lng: 13.4014,
      start: at('02', '08:00'),
      end: at('02', '09:00'),
      assigneeIds: [team.tech1.memberId, team.tech2.memberId],
      priority: 2,
    });
    const unassigned = await createJob(team.owner, {
      title: 'Nobody yet',
      lat: null,
      lng: null,
      start: at('03', '08:00'),
      end: at('03', '09:00'),
    });
    const members = (await team.owner.client.get(ws(team.owner.workspaceId, '/members'))).json() as {
      id: string;
      colour: string;
    }[];
    const colourOf = (id: string) => members.find((m) => m.id === id)?.colour;

    const week = await events(team.viewer, '2026-03-02', '2026-03-09');
    expect(byJob(week, oneOff.id)).toEqual([
      {
        id: oneOff.id,
        title: 'Boiler service',
        start: at('02', '08:00'),
        end: at('02', '09:00'),
        allDay: false,
        resourceIds: [team.tech1.memberId, team.tech2.memberId],
        backgroundColor: colourOf(team.tech1.memberId),
        borderColor: colourOf(team.tech1.memberId),
        extendedProps: {
          jobId: oneOff.id,
          occurrenceKey: null,
          version: 1,
          status: 'scheduled',
          priority: 2,
          assigneeIds: [team.tech1.memberId, team.tech2.memberId],
          customerId: customer.id,
          customerName: 'Hausverwaltung Krüger',
          address: 'Torstraße 1',
          lat: 52.5291,
          lng: 13.4014,
          recurring: false,
          flexible: false,
          overlapsWith: [],
        },
      },
    ]);
    expect(byJob(week, unassigned.id)[0]).toMatchObject({
      resourceIds: ['unassigned'],
      backgroundColor: unassignedColour,
      extendedProps: { status: 'unscheduled', assigneeIds: [], lat: null, lng: null },
    });
    // Unscheduled jobs (no time) are not on the calendar.
    const queued = await createJob(team.owner, { title: 'Queue' });
    expect(byJob(await events(team.owner, '2026-01-01', '2026-04-01'), queued.id)).toEqual([]);
  });

  it("carries the job site on every event: occurrences share the series' site, a moved pin shows at once", async () => {
    const series = await createJob(team.owner, {
      title: 'Weekly check',
      address: 'Karl-Marx-Allee 90',
      lat: 52.5172,
      lng: 13.4441,
      start: at('23', '09:00'),
      end: at('23', '10:00'),
      rrule: 'FREQ=DAILY;COUNT=3',
    });
    const sites = async () =>
      byJob(await events(team.owner, '2026-03-23', '2026-03-30'), series.id).map((e) => [
        e.extendedProps.lat,
        e.extendedProps.lng,
      ]);
    expect(await sites()).toEqual([
      [52.5172, 13.4441],
      [52.5172, 13.4441],
      [52.5172, 13.4441],
    ]);
    const moved = await patchJob(team.owner, series, { lat: 52.4, lng: 13.2 }, '?scope=all');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await sites()).toEqual([
      [52.4, 13.2],
      [52.4, 13.2],
      [52.4, 13.2],
    ]);
    const cleared = await patchJob(
      team.owner,
      await getJob(team.owner, series.id),
      { lat: null, lng: null },
      '?scope=all',
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await sites()).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it('marks the events of flexible jobs, and stops when the window is cleared', async () => {
    const visit = { title: 'Tap washer', start: at('24', '09:00'), end: at('24', '10:00') };
    const flexible = await createJob(team.owner, {
      ...visit,
      flexibleWindow: { start: at('24', '07:00'), end: at('24', '12:00') },
    });
    const fixed = await createJob(team.owner, { ...visit, title: 'Fixed visit' });
    const flags = async () =>
      Object.fromEntries(
        (await events(team.viewer, '2026-03-24', '2026-03-25')).map((e) => [e.title, e.extendedProps.flexible]),
      );
    expect(await flags()).toMatchObject({ 'Tap washer': true, 'Fixed visit': false });
    expect(fixed.flexibleWindow).toBeNull();
    const cleared = await patchJob(team.owner, flexible, { flexibleWindow: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await flags()).toMatchObject({ 'Tap washer': false, 'Fixed visit': false });
  });

  it('includes jobs overlapping the range edges and reads dates in the workspace zone', async () => {
    // 21:30–22:30Z on 15 March is 22:30–23:30 in Berlin: on the 15th locally.
    const late = await createJob(team.owner, { start: '2026-03-15T21:30:00Z', end: '2026-03-15T22:30:00Z' });
    expect(byJob(await events(team.owner, '2026-03-16', '2026-03-17'), late.id)).toEqual([]);
    expect(byJob(await events(team.owner, '2026-03-15', '2026-03-16'), late.id)).toHaveLength(1);
    // Local date-times without offset are read in the workspace zone, or in the timeZone parameter.
    expect(byJob(await events(team.owner, '2026-03-15T23:00:00', '2026-03-16T00:00:00'), late.id)).toHaveLength(1);
    expect(
      byJob(await events(team.owner, '2026-03-15T23:00:00', '2026-03-16T00:00:00', '&timeZone=UTC'), late.id),
    ).toEqual([]);
    // Instants with an offset mean themselves; the end is exclusive.
    expect(byJob(await events(team.owner, '2026-03-15T22:00:00Z', '2026-03-16T00:00:00Z'), late.id)).toHaveLength(1);
    expect(byJob(await events(team.owner, '2026-03-15T22:30:00Z', '2026-03-16T00:00:00Z'), late.id)).toEqual([]);
  });

  it('flags double bookings: same technician, overlapping time, different jobs', async () => {
    const a = await createJob(team.owner, {
      title: 'A',
      start: at('10', '08:00'),
      end: at('10', '10:00'),
      assigneeIds: [team.tech1.memberId],
    });
    const b = await createJob(team.owner, {
      title: 'B',
      start: at('10', '09:00'),
      end: at('10', '11:00'),
      assigneeIds: [team.tech2.memberId, team.tech1.memberId],
    });
    const adjacent = await createJob(team.owner, {
      title: 'C',
      start: at('10', '11:00'),
      end: at('10', '12:00'),
      assigneeIds: [team.tech1.memberId],
    });
    const other = await createJob(team.owner, {
      title: 'D',
      start: at('10', '08:00'),
      end: at('10', '12:00'),
      assigneeIds: [team.tech2.memberId],
    });
    const series = await createJob(team.owner, {
      title: 'E',
      start: at('09', '07:30'),
      end: at('09', '08:30'),
      rrule: 'FREQ=DAILY;COUNT=3',
      assigneeIds: [team.tech1.memberId],
    });
    const day = await events(team.owner, '2026-03-10', '2026-03-11');
    const overlapsOf = (id: string) => [...(day.find((e) => e.id === id)?.extendedProps.overlapsWith ?? [])].sort();
    const occurrence = `${series.id}:${Date.parse(at('10', '07:30'))}`;
    expect(overlapsOf(a.id)).toEqual([b.id, occurrence].sort());
    expect(overlapsOf(b.id)).toEqual([a.id, other.id].sort());
    expect(overlapsOf(adjacent.id)).toEqual([]);
    expect(overlapsOf(other.id)).toEqual([b.id]);
    expect(overlapsOf(occurrence)).toEqual([a.id]);
    // Cancelled jobs take no one's time; filters keep the flags.
    await setStatus(team.owner, b, 'cancelled');
    const after = await events(team.owner, '2026-03-10', '2026-03-11', `&technicianId=${team.tech2.memberId}`);
    expect(after.map((e) => e.id).sort()).toEqual([b.id, other.id].sort());
    expect(after.find((e) => e.id === other.id)?.extendedProps.overlapsWith).toEqual([]);
    const tech1 = await events(team.owner, '2026-03-10', '2026-03-11', `&technicianId=${team.tech1.memberId}`);
    expect(tech1.find((e) => e.id === a.id)?.extendedProps.overlapsWith).toEqual([occurrence]);
  });

  it('filters by technician (or "unassigned") and by status', async () => {
    const mine = await createJob(team.owner, {
      start: at('12', '08:00'),
      end: at('12', '09:00'),
      assigneeIds: [team.tech1.memberId],
    });
    const nobody = await createJob(team.owner, { start: at('12', '10:00'), end: at('12', '11:00') });
    const range = ['2026-03-12', '2026-03-13'] as const;
    expect((await events(team.owner, ...range, `&technicianId=${team.tech1.memberId}`)).map((e) => e.id)).toEqual([
      mine.id,
    ]);
    expect((await events(team.owner, ...range, '&technicianId=unassigned')).map((e) => e.id)).toEqual([nobody.id]);
    expect((await events(team.owner, ...range, '&status=unscheduled')).map((e) => e.id)).toEqual([nobody.id]);
    expect((await events(team.owner, ...range, '&status=scheduled,unscheduled')).map((e) => e.id)).toEqual([
      mine.id,
      nobody.id,
    ]);
    expectFieldError(
      await team.owner.client.get(feedUrl(`start=${range[0]}&end=${range[1]}&status=lost`)),
      'querystring.status.0',
    );
  });

  it('refuses ranges over 100 days, backwards or unreadable, and unknown time zones', async () => {
    const before = await scheduleCounts(ctx.db);
    expect(expectFieldError(await team.owner.client.get(feedUrl('start=2026-01-01&end=2026-07-20')), 'end')).toMatch(
      /100 days/,
    );
    expect((await team.owner.client.get(feedUrl('start=2026-01-01&end=2026-04-11'))).statusCode).toBe(200);
    expectFieldError(await team.owner.client.get(feedUrl('start=2026-03-09&end=2026-03-02')), 'end');
    expectFieldError(await team.owner.client.get(feedUrl('start=2026-03-09&end=2026-03-09')), 'end');
    expectFieldError(await team.owner.client.get(feedUrl('start=monday&end=2026-03-09')), 'start');
    expectFieldError(await team.owner.client.get(feedUrl('start=2026-02-30&end=2026-03-09')), 'start');
    expectFieldError(await team.owner.client.get(feedUrl('end=2026-03-09')), 'querystring.start');
    const zone = await team.owner.client.get(feedUrl('start=2026-03-02&end=2026-03-09&timeZone=Mars/Olympus_Mons'));
    expect(expectFieldError(zone, 'timeZone')).toMatch(/IANA/);
    expect(await scheduleCounts(ctx.db)).toEqual(before);
  });

  it('serves the cached answer until the workspace changes, with an ETag for revalidation', async () => {
    const job = await createJob(team.owner, { title: 'Cached', start: at('20', '08:00'), end: at('20', '09:00') });
    const url = feedUrl('start=2026-03-20&end=2026-03-21');
    const first = await team.owner.client.get(url);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"feed-\d+"$/);
    expect((await team.tech1.client.get(url, { 'if-none-match': etag })).statusCode).toBe(304);
    await patchJob(team.owner, job, { title: 'Renamed' });
    const second = await team.owner.client.get(url, { 'if-none-match': etag });
    expect(second.statusCode).toBe(200);
    expect((second.json() as CalendarEvent[]).find((e) => e.id === job.id)?.title).toBe('Renamed');
    // A member's colour is part of the answer too.
    const colour = await team.owner.client.patch(ws(team.owner.workspaceId, `/members/${team.tech1.memberId}`), {
      colour: '#123456',
    });
    expect(colour.statusCode).toBe(200);
    await patchJob(team.owner, { id: job.id, version: 2 }, { assigneeIds: [team.tech1.memberId] });
    expect((await events(team.owner, '2026-03-20', '2026-03-21')).find((e) => e.id === job.id)?.backgroundColor).toBe(
      '#123456',
    );
  });

  it('refuses more than 5,000 events', async () => {
    const fresh = await createTeam(ctx.app);
    for (let i = 0; i < 51; i++) {
      await createJob(fresh.owner, {
        title: `Daily ${i}`,
        start: '2026-01-01T08:00:00Z',
        end: '2026-01-01T08:30:00Z',
        rrule: 'FREQ=DAILY;COUNT=100',
      });
    }
    const url = ws(fresh.owner.workspaceId, '/calendar/events?start=2026-01-01&end=2026-04-11');
    expect(expectFieldError(await fresh.owner.client.get(url), 'end')).toMatch(/5000/);
    const shorter = await fresh.owner.client.get(
      ws(fresh.owner.workspaceId, '/calendar/events?start=2026-01-01&end=2026-03-31'),
    );
    expect((shorter.json() as CalendarEvent[]).length).toBe(51 * 89);
  });

  it('is readable by every role and never shows another workspace (404)', async () => {
    for (const member of [team.tech1, team.viewer, team.dispatcher]) {
      expect((await member.client.get(feedUrl('start=2026-03-02&end=2026-03-09'))).statusCode).toBe(200);
    }
    const stranger = await signUpOwner(ctx.app, 'Peeker');
    expectProblem(await stranger.client.get(feedUrl('start=2026-03-02&end=2026-03-09')), 404, 'not_found');
    expect(await events(stranger, '2026-03-02', '2026-03-09')).toEqual([]);
    expect((await stranger.client.patch(ws(team.owner.workspaceId, '/jobs/x'), {}, ifMatch(1))).statusCode).toBe(404);
  });
});
