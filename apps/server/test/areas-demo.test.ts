import {
  type Area,
  type CalendarEvent,
  containsPoint,
  haversineM,
  isOutsideAreas,
  type Job,
  type Member,
  prepareAreas,
} from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo.js';
import { demoHomeBases } from '../src/db/seed/demo-areas.js';
import { createTestApp, type TestContext } from './harness.js';
import { signIn, ws } from './helpers.js';

// Wednesday 18 November 2026, 10:40 in Berlin (as calendar-demo.test.ts), and a Saturday.
const wednesday = Date.parse('2026-11-18T09:40:00Z');
const saturday = Date.parse('2026-11-21T09:40:00Z');

describe.each([
  ['a Wednesday', wednesday, '2026-11-18'],
  ['a Saturday', saturday, '2026-11-23'],
])('demo seed on %s: service areas and home bases', (_when, now, firstWorkday) => {
  let ctx: TestContext;
  let client: Awaited<ReturnType<typeof signIn>>['client'];
  let workspaceId = '';
  let areas: Area[] = [];
  let jobs: Job[] = [];

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemo(ctx.db, { now });
    const session = await signIn(ctx.app, 'dispatcher@demo.test', 'fieldplan-demo');
    client = session.client;
    workspaceId = session.me.memberships[0]?.workspaceId ?? '';
    areas = (await client.get(ws(workspaceId, '/areas'))).json() as Area[];
    for (let offset = 0; ; offset += 100) {
      const page = (await client.get(ws(workspaceId, `/jobs?limit=100&offset=${offset}`))).json() as { items: Job[] };
      jobs.push(...page.items);
      if (page.items.length < 100) break;
    }
  });
  afterAll(async () => {
    jobs = [];
    await ctx.close();
  });

  it('has three areas around Berlin: two polygons and a circle', () => {
    expect(areas.map((a) => [a.name, a.geometry.type])).toEqual([
      ['Berlin Ost', 'Polygon'],
      ['Berlin West', 'Polygon'],
      ['Köpenick & Treptow', 'Circle'],
    ]);
    const berlin = { lat: 52.52, lng: 13.405 };
    expect(areas.some((a) => containsPoint(a.geometry, berlin))).toBe(true);
  });

  it('gives every technician a home base inside an area', async () => {
    const members = (await client.get(ws(workspaceId, '/members'))).json() as Member[];
    const technicians = members.filter((m) => m.role === 'technician');
    expect(technicians.map((t) => t.homeBase)).toEqual(demoHomeBases);
    const prepared = prepareAreas(areas);
    for (const t of technicians) expect(isOutsideAreas(t.homeBase, prepared), t.name).toBe(false);
  });

  it('leaves exactly the dip in "Berlin Ost" outside: a visit of the first working day lies just outside every area', async () => {
    const prepared = prepareAreas(areas);
    const outside = jobs.filter((j) => isOutsideAreas(j, prepared));
    expect(outside.length).toBeGreaterThanOrEqual(1);
    // Nearly every other site is covered (the areas are drawn around the demo's customers).
    expect(outside.length / jobs.length).toBeLessThan(0.05);

    const feed = (
      await client.get(ws(workspaceId, `/calendar/events?start=${firstWorkday}&end=${firstWorkday}T23:59:59`))
    ).json() as CalendarEvent[];
    const ids = new Set(feed.map((e) => e.extendedProps.jobId));
    const flaggedToday = outside.filter((j) => ids.has(j.id));
    expect(flaggedToday.length).toBeGreaterThanOrEqual(1);

    // "Just outside": within a kilometre of the Berlin Ost polygon's nearest vertex.
    const east = areas.find((a) => a.name === 'Berlin Ost')?.geometry;
    if (east?.type !== 'Polygon') throw new Error('Berlin Ost is not a polygon');
    const site = flaggedToday[0] as Job;
    const nearest = Math.min(
      ...(east.coordinates[0] ?? []).map(([lng, lat]) =>
        haversineM({ lat, lng }, { lat: site.lat ?? 0, lng: site.lng ?? 0 }),
      ),
    );
    expect(nearest).toBeLessThan(1000);
  });
});
