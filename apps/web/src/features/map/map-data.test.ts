import { type Member, prepareAreas, type TravelLegs, type VisitJob } from '@fieldplan/shared';
import { describe, expect, it } from 'vitest';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { dayRoutes, homeBasesOf, missingSites, toMapJobs, withTravel } from './map-data';
import { routeSummary } from './ShapeLayers';

const member = (id: string, name: string, colour: string, homeBase: Member['homeBase'] = null): Member => ({
  id,
  userId: `u-${id}`,
  name,
  email: `${id}@x.test`,
  role: 'technician',
  colour,
  homeBase,
  active: true,
  joinedAt: '2026-01-01T00:00:00Z',
});
const members = [member('t1', 'Tomasz', '#0072B2', { lat: 52.5, lng: 13.3 }), member('t2', 'Aylin', '#E69F00')];

/** A visit as the calendar cache holds it; the job's site only when given (as a feed without it). */
const visit = (
  id: string,
  start: string,
  assigneeIds: string[],
  site: Partial<Pick<VisitJob, 'lat' | 'lng'>> = {},
): CalendarVisit => ({
  id,
  job: {
    id,
    title: `Job ${id}`,
    priority: 3,
    version: 1,
    customerId: null,
    customerName: null,
    address: 'Somewhere',
    ...site,
  } as VisitJob,
  occurrenceKey: null,
  start: Date.parse(start),
  end: Date.parse(start) + 3_600_000,
  allDay: false,
  status: 'scheduled',
  assigneeIds,
  flexible: false,
  overlapsWith: [],
  colour: '#123456',
});

const square = {
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [13.2, 52.4],
        [13.6, 52.4],
        [13.6, 52.6],
        [13.2, 52.6],
        [13.2, 52.4],
      ] as [number, number][],
    ],
  },
};

describe('toMapJobs', () => {
  const events = [
    visit('a', '2026-11-23T09:00:00Z', ['t1']),
    visit('b', '2026-11-23T07:00:00Z', ['t1', 't2']),
    visit('c', '2026-11-23T10:00:00Z', []),
    visit('d', '2026-11-23T11:00:00Z', ['t2']),
  ];
  const sites = { a: { lat: 52.5, lng: 13.4 }, b: { lat: 52.45, lng: 13.5 }, c: { lat: 52.7, lng: 13.4 }, d: null };

  it('positions, names, colours and flags the jobs; jobs without a site are left out', () => {
    const jobs = toMapJobs(events, sites, members, prepareAreas([square]));
    expect(jobs.map((j) => j.id)).toEqual(['a', 'b', 'c']);
    expect(jobs[1]).toMatchObject({ colour: '#0072B2', technicianNames: ['Tomasz', 'Aylin'], outsideAreas: false });
    expect(jobs[2]).toMatchObject({ colour: '#9E9E9E', technicianNames: ['Unassigned'], outsideAreas: true });
  });

  it('flags nothing when the workspace has no areas, and prefers a position on the event', () => {
    const own = visit('e', '2026-11-23T09:00:00Z', ['t1'], { lat: 1, lng: 2 });
    const jobs = toMapJobs([own], {}, members, []);
    expect(jobs[0]).toMatchObject({ lat: 1, lng: 2, outsideAreas: false });
  });

  it('trusts the feed when it says a job has no site: left out, and not read again', () => {
    const none = visit('a', '2026-11-23T09:00:00Z', ['t1'], { lat: null, lng: null });
    expect(toMapJobs([none], sites, members, [])).toEqual([]);
    expect(missingSites([none], {})).toEqual([]);
  });

  it('knows which jobs the sites have not seen yet', () => {
    expect(missingSites([...events, visit('new', '2026-11-23T12:00:00Z', [])], sites)).toEqual(['new']);
  });
});

describe('dayRoutes and homeBasesOf', () => {
  it('routes each technician from their home base through the day in time order', () => {
    const jobs = toMapJobs(
      [visit('a', '2026-11-23T09:00:00Z', ['t1']), visit('b', '2026-11-23T07:00:00Z', ['t1', 't2'])],
      { a: { lat: 52.5, lng: 13.4 }, b: { lat: 52.45, lng: 13.5 } },
      members,
      [],
    );
    const routes = dayRoutes(jobs, members);
    expect(routes.map((r) => [r.name, r.jobIds, r.startsAtHome])).toEqual([
      ['Tomasz', ['b', 'a'], true],
      ['Aylin', ['b'], false],
    ]);
    expect(routes[0]?.distanceM).toBeGreaterThan(10_000);
    expect(homeBasesOf(members)).toEqual([{ memberId: 't1', name: 'Tomasz', colour: '#0072B2', lat: 52.5, lng: 13.3 }]);
  });
});

describe('withTravel: the routes with the server’s drives', () => {
  const jobs = toMapJobs(
    [
      visit('a', '2026-11-23T07:00:00Z', ['t1']),
      visit('b', '2026-11-23T08:05:00Z', ['t1', 't2']),
      visit('c', '2026-11-23T10:00:00Z', ['t2'], { lat: null, lng: null }),
    ],
    { a: { lat: 52.5, lng: 13.4 }, b: { lat: 52.6, lng: 13.4 } },
    members,
    [],
  );
  const routes = dayRoutes(jobs, members);
  const leg = (memberId: string, from: string | null, to: string, tooShort: boolean) => ({
    memberId,
    date: '2026-11-23',
    fromEventId: from,
    toEventId: to,
    gapMinutes: from === null ? null : 5,
    driveMinutes: 26,
    distanceKm: 14.5,
    tooShort,
  });
  const answer: TravelLegs = {
    legs: [leg('t1', null, 'a', false), leg('t1', 'a', 'b', true), leg('t2', 'b', 'c', true)],
    days: [
      { memberId: 't1', date: '2026-11-23', visits: 2, driveMinutes: 40.5, distanceKm: 20.3, tooShort: 1 },
      { memberId: 't2', date: '2026-11-23', visits: 2, driveMinutes: 0, distanceKm: 0, tooShort: 1 },
      // Another day of the same technician is not this map's.
      { memberId: 't1', date: '2026-11-24', visits: 1, driveMinutes: 9, distanceKm: 3, tooShort: 0 },
    ],
    source: 'model',
  };

  it("gives each route its day's drive and distance, and the drives too short between two sites", () => {
    const priced = withTravel(routes, answer, '2026-11-23', jobs);
    expect(priced.map((r) => [r.name, r.travel])).toEqual([
      [
        'Tomasz',
        {
          driveMinutes: 40.5,
          distanceKm: 20.3,
          flagged: [{ from: { lat: 52.5, lng: 13.4 }, to: { lat: 52.6, lng: 13.4 }, gapMinutes: 5, driveMinutes: 26 }],
        },
      ],
      // Its drive too short ends at a visit without a site: nothing to draw it between.
      ['Aylin', { driveMinutes: 0, distanceKm: 0, flagged: [] }],
    ]);
    expect(routeSummary(priced[0] as (typeof priced)[number])).toBe('2 stops · 41 min drive · 20.3 km');
  });

  it('keeps the straight-line figures until the drives arrive, and for a day the answer has not', () => {
    expect(withTravel(routes, undefined, '2026-11-23', jobs)).toEqual(routes);
    expect(withTravel(routes, answer, '2026-11-25', jobs).map((r) => r.travel)).toEqual([undefined, undefined]);
    expect(routeSummary(routes[0] as (typeof routes)[number])).toMatch(/^2 stops · [\d.]+ km$/);
  });
});
