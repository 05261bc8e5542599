import type { Area } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaCounts, circleArea, createArea, polygonArea, ringOf, squareRing } from './areas-fixtures.js';
import { createTestApp, type TestContext } from './harness.js';
import { changesOf, expectFieldError, expectProblem, ws } from './helpers.js';
import { createTeam, ifMatch, type Team } from './schedule-helpers.js';

describe('service areas', () => {
  let ctx: TestContext;
  let team: Team;
  const url = (rest = '') => ws(team.owner.workspaceId, `/areas${rest}`);

  beforeAll(async () => {
    ctx = await createTestApp();
    team = await createTeam(ctx.app);
  });
  afterAll(() => ctx.close());

  it('creates, reads, edits and deletes a polygon, versioned, with changes logged', async () => {
    const created = await team.dispatcher.client.post(url(), polygonArea({ name: '  Mitte ' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const area = created.json() as Area;
    expect(area).toMatchObject({
      name: 'Mitte',
      colour: '#0072B2',
      geometry: { type: 'Polygon', coordinates: [squareRing] },
      vertexCount: 4,
      version: 1,
    });
    expect(area.createdAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);

    const read = await team.tech1.client.get(url(`/${area.id}`));
    expect(read.json()).toEqual(area);
    expect(read.headers.etag).toBe('"1"');

    const renamed = await team.owner.client.patch(
      url(`/${area.id}`),
      { name: 'Mitte-Nord', colour: '#009E73' },
      ifMatch(1),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Mitte-Nord', colour: '#009E73', version: 2, vertexCount: 4 });
    expect(renamed.headers.etag).toBe('"2"');

    const reshaped = await team.dispatcher.client.patch(
      url(`/${area.id}`),
      circleArea({ name: undefined }),
      ifMatch(2),
    );
    expect(reshaped.statusCode, reshaped.body).toBe(200);
    expect(reshaped.json()).toMatchObject({
      name: 'Mitte-Nord',
      colour: '#B8527A',
      geometry: { type: 'Circle', radiusM: 6000 },
      vertexCount: 0,
      version: 3,
    });

    expect((await team.owner.client.delete(url(`/${area.id}`), ifMatch(3))).statusCode).toBe(204);
    expectProblem(await team.owner.client.get(url(`/${area.id}`)), 404, 'not_found');
    const log = (await changesOf(ctx.db, team.owner.workspaceId)).filter((c) => c.entity_id === area.id);
    expect(log.map((c) => [c.entity, c.action])).toEqual([
      ['area', 'created'],
      ['area', 'updated'],
      ['area', 'updated'],
      ['area', 'deleted'],
    ]);
  });

  it('lists every area by name, for every role, multipolygons included', async () => {
    const multi = {
      name: 'Alpha',
      colour: '#E69F00',
      geometry: { type: 'MultiPolygon', coordinates: [[squareRing], [ringOf(8).map(([x, y]) => [x + 1, y])]] },
    };
    const made = [await createArea(team.owner, circleArea({ name: 'zeta' })), await createArea(team.owner, multi)];
    for (const caller of [team.viewer, team.tech2, team.dispatcher]) {
      const res = await caller.client.get(url());
      expect(res.statusCode).toBe(200);
      const names = (res.json() as Area[]).map((a) => a.name);
      expect(names.indexOf('Alpha')).toBeLessThan(names.indexOf('zeta'));
    }
    expect(made[1]?.vertexCount).toBe(12);
  });

  it('a stale If-Match is a 412 with the current area; a missing one is a 400; nothing changes', async () => {
    const area = await createArea(team.owner);
    await team.owner.client.patch(url(`/${area.id}`), { name: 'Theirs' }, ifMatch(1));
    const before = await areaCounts(ctx.db);
    const stale = await team.dispatcher.client.patch(url(`/${area.id}`), { name: 'Mine' }, ifMatch(1));
    const problem = expectProblem(stale, 412, 'version_conflict');
    expect(problem.currentVersion).toBe(2);
    expect(problem.current).toMatchObject({ id: area.id, name: 'Theirs', version: 2 });
    expectProblem(await team.dispatcher.client.delete(url(`/${area.id}`), ifMatch(1)), 412, 'version_conflict');
    expectFieldError(await team.dispatcher.client.patch(url(`/${area.id}`), { name: 'Mine' }), 'If-Match');
    expectFieldError(await team.dispatcher.client.delete(url(`/${area.id}`), { 'if-match': 'latest' }), 'If-Match');
    expect(await areaCounts(ctx.db)).toEqual(before);
    expect((await team.owner.client.get(url(`/${area.id}`))).json()).toMatchObject({ name: 'Theirs', version: 2 });
  });

  const polygon = (coordinates: unknown) => polygonArea({ geometry: { type: 'Polygon', coordinates } });
  const circle = (center: unknown, radiusM: unknown = 500) =>
    circleArea({ geometry: { type: 'Circle', center, radiusM } });
  const withPosition = (position: unknown) => polygon([[position, ...squareRing.slice(1, 4), position]]);

  it.each([
    ['latitude 91 in a ring', withPosition([13.3, 91]), 'geometry.coordinates.0.0.1', /between -90 and 90/],
    ['longitude 181 in a ring', withPosition([181, 52.45]), 'geometry.coordinates.0.0.0', /between -180 and 180/],
    ['NaN (as JSON can carry it: null)', withPosition([null, 52.45]), 'geometry.coordinates.0.0.0', /a number/],
    ['a string coordinate', withPosition(['13.3', 52.45]), 'geometry.coordinates.0.0.0', /a number/],
    ['"NaN"', withPosition([13.3, 'NaN']), 'geometry.coordinates.0.0.1', /a number/],
    [
      'a ring of 3 points',
      polygon([[squareRing[0], squareRing[1], squareRing[0]]]),
      'geometry.coordinates.0',
      /at least 4/,
    ],
    ['a ring not closed', polygon([squareRing.slice(0, 4)]), 'geometry.coordinates.0', /not closed/],
    [
      'a bow-tie',
      polygon([
        [
          [13.3, 52.45],
          [13.5, 52.58],
          [13.5, 52.45],
          [13.3, 52.58],
          [13.3, 52.45],
        ],
      ]),
      'geometry.coordinates.0',
      /crosses itself/,
    ],
    ['6,000 vertices', polygon([ringOf(6000)]), 'geometry.coordinates', /at most 5,000 vertices/],
    ['radius 10 m', circle({ lat: 52.5, lng: 13.4 }, 10), 'geometry.radiusM', /between 50 m and 200 km/],
    ['radius 250 km', circle({ lat: 52.5, lng: 13.4 }, 250_000), 'geometry.radiusM', /between 50 m and 200 km/],
    ['a centre at latitude 91', circle({ lat: 91, lng: 13.4 }), 'geometry.center.lat', /between -90 and 90/],
    ['a centre at longitude 181', circle({ lat: 52.5, lng: 181 }), 'geometry.center.lng', /between -180 and 180/],
    ['a centre latitude as text', circle({ lat: 'north', lng: 13.4 }), 'geometry.center.lat', /a number/],
    ['a line', polygonArea({ geometry: { type: 'LineString', coordinates: [] } }), 'geometry.type', /Polygon/],
    ['no geometry', { name: 'x', colour: '#0072B2' }, 'geometry', /required/],
    ['an empty name', polygonArea({ name: '  ' }), 'name', /required/],
    ['a name of 81 characters', polygonArea({ name: 'x'.repeat(81) }), 'name', /at most 80/],
    ['a colour that is not #RRGGBB', polygonArea({ colour: 'blue' }), 'colour', /hex colour/],
    ['an unknown field', polygonArea({ owner: 'me' }), 'owner', /Unknown field/],
  ])('refuses %s with a 400 naming the field, writing nothing', async (_name, body, path, message) => {
    const before = await areaCounts(ctx.db);
    const res = await team.owner.client.post(url(), body);
    expect(expectFieldError(res, path)).toMatch(message);
    expect(await areaCounts(ctx.db)).toEqual(before);
  });

  it('a bad PATCH changes nothing, not even the version', async () => {
    const area = await createArea(team.owner);
    const before = await areaCounts(ctx.db);
    const res = await team.owner.client.patch(
      url(`/${area.id}`),
      { name: 'Renamed', geometry: { type: 'Circle', center: { lat: 52.5, lng: 13.4 }, radiusM: 10 } },
      ifMatch(1),
    );
    expectFieldError(res, 'geometry.radiusM');
    expect(await areaCounts(ctx.db)).toEqual(before);
    expect((await team.owner.client.get(url(`/${area.id}`))).json()).toEqual(area);
  });

  it('keeps a workspace to 200 areas', async () => {
    const other = await createTeam(ctx.app);
    const caller = other.owner;
    const existing = (await caller.client.get(ws(caller.workspaceId, '/areas'))).json() as Area[];
    expect(existing).toEqual([]);
    const now = Date.now();
    await ctx.db.kysely
      .insertInto('service_areas')
      .values(
        Array.from({ length: 199 }, (_, i) => ({
          id: `bulk-${caller.workspaceId}-${i}`,
          workspace_id: caller.workspaceId,
          name: `Area ${i}`,
          sort_name: `area ${i}`,
          colour: '#0072B2',
          kind: 'Circle' as const,
          geometry: JSON.stringify({ type: 'Circle', center: { lat: 52.5, lng: 13.4 }, radiusM: 100 }),
          vertex_count: 0,
          south: 52.49,
          west: 13.39,
          north: 52.51,
          east: 13.41,
          version: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await createArea(caller);
    const before = await areaCounts(ctx.db);
    expect(expectFieldError(await caller.client.post(ws(caller.workspaceId, '/areas'), circleArea()), '')).toMatch(
      /at most 200 service areas/,
    );
    expect(await areaCounts(ctx.db)).toEqual(before);
  });

  it('accepts a 5,000-vertex polygon and answers it whole', async () => {
    const area = await createArea(team.owner, polygon([ringOf(5000)]));
    expect(area.vertexCount).toBe(5000);
    const read = (await team.viewer.client.get(url(`/${area.id}`))).json() as Area;
    expect(read.geometry).toEqual({ type: 'Polygon', coordinates: [ringOf(5000)] });
  });
});
