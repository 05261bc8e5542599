import { defaultTileUrlTemplate } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Owner, signUpOwner, type TestContext } from './harness.js';
import { changesOf, expectFieldError, expectProblem, ws } from './helpers.js';

const validMap = {
  center: { lat: 48.137, lng: 11.575 },
  zoom: 12,
  tileUrlTemplate: 'https://tiles.example.com/{z}/{x}/{y}.png?key=abc',
  tileAttribution: '© Example tiles',
};

describe('workspace settings', () => {
  let ctx: TestContext;
  let owner: Owner;
  beforeAll(async () => {
    ctx = await createTestApp();
    owner = await signUpOwner(ctx.app, 'Wanda');
  });
  afterAll(() => ctx.close());

  const get = async () => (await owner.client.get(ws(owner.workspaceId))).json();
  const patch = (body: unknown) => owner.client.patch(ws(owner.workspaceId), body);

  it('a new workspace has the default settings', async () => {
    const fresh = await signUpOwner(ctx.app, 'Fresh');
    const res = await fresh.client.get(ws(fresh.workspaceId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: fresh.workspaceId,
      name: "Fresh's Company",
      slug: 'fresh-s-company',
      timeZone: 'Europe/Berlin',
      weekStart: 1,
      timeFormat: '24h',
      dateFormat: 'dmy',
      defaultJobMinutes: 60,
      keepPhotoLocation: false,
      workingHours: { start: '07:00', end: '19:00', days: [1, 2, 3, 4, 5] },
      map: {
        center: { lat: 52.52, lng: 13.405 },
        zoom: 11,
        tileUrlTemplate: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        tileAttribution: expect.stringContaining('OpenStreetMap'),
      },
      // The test client sends no Accept-Language: English.
      language: 'en',
    });
    expect(defaultTileUrlTemplate).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('a second workspace with the same name gets its own slug', async () => {
    const one = await signUpOwner(ctx.app, 'Twin', { workspaceName: 'Twin Cleaning' });
    const two = await signUpOwner(ctx.app, 'Twin', { workspaceName: 'Twin Cleaning' });
    const slugs = [
      (await one.client.get(ws(one.workspaceId))).json().slug,
      (await two.client.get(ws(two.workspaceId))).json().slug,
    ];
    expect(slugs[0]).toBe('twin-cleaning');
    expect(slugs[1]).toMatch(/^twin-cleaning-\d+$/);
  });

  it('PATCH with valid settings round-trips', async () => {
    const settings = {
      name: '  Wanda Heating & Plumbing ',
      slug: 'wanda-heating',
      timeZone: 'America/New_York',
      weekStart: 0,
      timeFormat: '12h',
      dateFormat: 'mdy',
      defaultJobMinutes: 90,
      keepPhotoLocation: true,
      workingHours: { start: '06:30', end: '22:15', days: [0, 1, 2, 3, 4, 5, 6] },
      map: validMap,
      language: 'de',
    };
    const res = await patch(settings);
    expect(res.statusCode).toBe(200);
    const expected = { ...settings, id: owner.workspaceId, name: 'Wanda Heating & Plumbing' };
    expect(res.json()).toEqual(expected);
    expect(await get()).toEqual(expected);
    // The new name shows in /me.
    expect((await owner.client.get('/api/v1/me')).json().memberships[0]).toEqual(
      expect.objectContaining({ workspaceName: 'Wanda Heating & Plumbing', workspaceSlug: 'wanda-heating' }),
    );
  });

  it('a partial PATCH changes only the given fields', async () => {
    const before = await get();
    const res = await patch({ weekStart: 3 });
    expect(res.json()).toEqual({ ...before, weekStart: 3 });
    const empty = await patch({});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ ...before, weekStart: 3 });
  });

  it('a bad time zone → 400 on timeZone', async () => {
    const before = await get();
    for (const timeZone of ['Mars/Olympus_Mons', 'Berlin', '', 'UTC+25', 42]) {
      expect(expectFieldError(await patch({ timeZone }), 'timeZone')).toMatch(/time zone/i);
    }
    expect(await get()).toEqual(before);
  });

  it('accepts any IANA zone, including UTC', async () => {
    for (const timeZone of ['UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'Europe/Berlin']) {
      expect((await patch({ timeZone })).json().timeZone).toBe(timeZone);
    }
  });

  it('a slug outside the pattern or length → 400 on slug', async () => {
    const before = await get();
    const bad = [
      'ab',
      'a'.repeat(41),
      'Upper-Case',
      'has space',
      '-leading',
      'trailing-',
      'double--dash',
      'ümlaut',
      'a_b',
      '',
    ];
    for (const slug of bad) expect(expectFieldError(await patch({ slug }), 'slug')).toMatch(/slug/i);
    expect(await get()).toEqual(before);
    for (const slug of ['abc', 'a'.repeat(40), 'team-7-north']) expect((await patch({ slug })).json().slug).toBe(slug);
  });

  it("a slug another workspace uses → 400 on slug; keeping one's own slug is fine", async () => {
    const other = await signUpOwner(ctx.app, 'Other', { workspaceName: 'Taken Slug Co' });
    const before = await get();
    expect(expectFieldError(await patch({ slug: 'taken-slug-co' }), 'slug')).toMatch(/already/i);
    expect(await get()).toEqual(before);
    expect((await patch({ slug: before.slug, name: 'Same slug' })).statusCode).toBe(200);
    expect((await other.client.get(ws(other.workspaceId))).json().slug).toBe('taken-slug-co');
  });

  it('a tile template without {z}/{x}/{y} or not http(s) → 400 on map.tileUrlTemplate', async () => {
    const before = await get();
    const bad = [
      'https://tiles.example.com/{x}/{y}.png',
      'https://tiles.example.com/{z}/{x}.png',
      "javascript:alert('{z}{x}{y}')",
      'JavaScript://{z}/{x}/{y}',
      'data:text/html,{z}{x}{y}',
      '//tiles.example.com/{z}/{x}/{y}.png',
      `https://t.example/{z}/{x}/{y}/${'a'.repeat(500)}`,
    ];
    for (const tileUrlTemplate of bad) {
      const res = await patch({ map: { ...validMap, tileUrlTemplate } });
      expect(expectFieldError(res, 'map.tileUrlTemplate')).toMatch(/tile url template/i);
    }
    expect(await get()).toEqual(before);
  });

  it('other map limits → 400 on the field', async () => {
    expectFieldError(await patch({ map: { ...validMap, zoom: 0 } }), 'map.zoom');
    expectFieldError(await patch({ map: { ...validMap, zoom: 20 } }), 'map.zoom');
    expectFieldError(await patch({ map: { ...validMap, zoom: 5.5 } }), 'map.zoom');
    expectFieldError(await patch({ map: { ...validMap, center: { lat: 91, lng: 0 } } }), 'map.center.lat');
    expectFieldError(await patch({ map: { ...validMap, center: { lat: 0, lng: -181 } } }), 'map.center.lng');
    expectFieldError(await patch({ weekStart: 7 }), 'weekStart');
    expectFieldError(await patch({ defaultJobMinutes: 4 }), 'defaultJobMinutes');
    expectFieldError(await patch({ defaultJobMinutes: 1441 }), 'defaultJobMinutes');
    expectFieldError(await patch({ defaultJobMinutes: 30.5 }), 'defaultJobMinutes');
    expectFieldError(await patch({ defaultJobMinutes: '60' }), 'defaultJobMinutes');
    expectFieldError(await patch({ name: '' }), 'name');
    expectFieldError(await patch({ name: 'n'.repeat(81) }), 'name');
  });

  it('working hours ending before (or at) the start → 400', async () => {
    const before = await get();
    for (const hours of [
      { start: '17:00', end: '08:00', days: [1] },
      { start: '09:00', end: '09:00', days: [1] },
    ]) {
      expect(expectFieldError(await patch({ workingHours: hours }), 'workingHours.end')).toMatch(/after the start/);
    }
    expectFieldError(await patch({ workingHours: { start: '7:00', end: '19:00', days: [1] } }), 'workingHours.start');
    expectFieldError(await patch({ workingHours: { start: '07:00', end: '24:00', days: [1] } }), 'workingHours.end');
    expectFieldError(await patch({ workingHours: { start: '07:00', end: '19:00', days: [] } }), 'workingHours.days');
    expectFieldError(await patch({ workingHours: { start: '07:00', end: '19:00', days: [7] } }), 'workingHours.days.0');
    expect(await get()).toEqual(before);
  });

  it('each write appends to the change log with an increasing seq; refused writes append nothing', async () => {
    const fresh = await signUpOwner(ctx.app, 'Logged');
    const url = ws(fresh.workspaceId);
    expect(await changesOf(ctx.db, fresh.workspaceId)).toEqual([]);
    for (const name of ['One', 'Two', 'Three']) expect((await fresh.client.patch(url, { name })).statusCode).toBe(200);
    expectFieldError(await fresh.client.patch(url, { slug: 'X' }), 'slug');
    expectProblem(
      await fresh.client.patch(url, { name: 'Four' }, { origin: 'https://evil.example' }),
      403,
      'forbidden',
    );
    expect((await fresh.client.get(url)).statusCode).toBe(200);

    const log = await changesOf(ctx.db, fresh.workspaceId);
    expect(log.map((c) => c.seq)).toEqual([1, 2, 3]);
    for (const change of log) {
      expect(change).toEqual(
        expect.objectContaining({
          entity: 'workspace',
          entity_id: fresh.workspaceId,
          action: 'updated',
          actor_id: fresh.userId,
        }),
      );
    }
    const at = log.map((c) => Number(c.at));
    expect([...at].sort((x, y) => x - y)).toEqual(at);

    // Other workspaces keep their own sequence.
    await patch({ name: 'Wanda again' });
    expect((await changesOf(ctx.db, fresh.workspaceId)).length).toBe(3);
    const mine = await changesOf(ctx.db, owner.workspaceId);
    expect(mine.map((c) => c.seq)).toEqual(mine.map((_, i) => i + 1));
  });
});
