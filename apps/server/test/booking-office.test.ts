import type { BookingService, BookingSettings } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingTeam, bookingTeam, bookingTestApp, putSettings } from './booking-fixtures.js';
import { bookingPath, expectFieldError, expectProblem, listRoutes, ws } from './helpers.js';
import { ifMatch } from './schedule-helpers.js';

describe('online booking: settings and services in the office', () => {
  let stop: () => Promise<void>;
  let app: FastifyInstance;
  let team: BookingTeam;
  let other: BookingTeam;

  beforeAll(async () => {
    ({ app, team, stop } = await bookingTestApp());
    other = await bookingTeam(app);
  });
  afterAll(() => stop());

  const path = (rest: string) => ws(team.owner.workspaceId, `/booking${rest}`);

  it('settings: saved with If-Match, the page address and embed snippet, 412 when stale', async () => {
    const fresh = await bookingTeam(app);
    // bookingTeam saved once: version 1.
    expect(fresh.settings).toMatchObject({ enabled: true, holdHours: 24, pendingCap: 50, version: 1 });
    expect(fresh.settings.publicUrl).toBe(`http://localhost/book/${fresh.slug}`);
    expect(fresh.settings.embedSnippet).toContain(`<iframe src="http://localhost/book/${fresh.slug}"`);
    const stale = await putSettings(fresh, 0, { holdHours: 48 });
    const problem = expectProblem(stale, 412, 'version_conflict');
    expect(problem.currentVersion).toBe(1);
    const saved = await putSettings(fresh, 1, { holdHours: 48, autoConfirm: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ holdHours: 48, autoConfirm: true, version: 2 });
    expect(saved.headers.etag).toBe('"2"');
    const got = await fresh.dispatcher.client.get(ws(fresh.owner.workspaceId, '/booking/settings'));
    expect((got.json() as BookingSettings).version).toBe(2);
  });

  it('settings: every limit is checked and named', async () => {
    for (const [field, value] of [
      ['holdHours', 0],
      ['pendingCap', 5000],
      ['horizonDays', 61],
      ['minNoticeHours', -1],
      ['intro', 'x'.repeat(1001)],
    ] as const) {
      const res = await putSettings(team, team.settings.version, { [field]: value });
      expect(expectFieldError(res, field).length).toBeGreaterThan(0);
    }
    const unknown = await team.owner.client.request(
      'PUT',
      path('/settings'),
      { ...team.settings, extra: 1 },
      ifMatch(team.settings.version),
    );
    expectProblem(unknown, 400, 'validation_failed');
  });

  it('services: create, list in order, patch with If-Match (412 when stale), delete', async () => {
    const created = await team.dispatcher.client.post(path('/services'), {
      name: '  Gutter cleaning ',
      durationMinutes: 90,
      technicianIds: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json() as BookingService;
    expect(service).toMatchObject({ name: 'Gutter cleaning', durationMinutes: 90, active: true, version: 1 });
    const list = await team.owner.client.get(path('/services'));
    expect((list.json() as { items: BookingService[] }).items.map((s) => s.name)).toEqual([
      'Boiler service',
      'Gutter cleaning',
    ]);
    const patched = await team.owner.client.patch(
      path(`/services/${service.id}`),
      { active: false, technicianIds: [team.tech2.memberId] },
      ifMatch(1),
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ active: false, technicianIds: [team.tech2.memberId], version: 2 });
    const stale = await team.owner.client.patch(path(`/services/${service.id}`), { name: 'Old' }, ifMatch(1));
    expect(expectProblem(stale, 412, 'version_conflict').currentVersion).toBe(2);
    expectProblem(await team.owner.client.delete(path(`/services/${service.id}`), ifMatch(1)), 412, 'version_conflict');
    const gone = await team.owner.client.delete(path(`/services/${service.id}`), ifMatch(2));
    expect(gone.statusCode, gone.body).toBe(204);
    expectProblem(await team.owner.client.delete(path(`/services/${service.id}`)), 404, 'not_found');
  });

  it('services: name, duration and technicians are validated, naming the field', async () => {
    const post = (body: Record<string, unknown>) =>
      team.owner.client.post(path('/services'), { name: 'Visit', durationMinutes: 60, ...body });
    expect(expectFieldError(await post({ name: ' ' }), 'name')).toBe('Name is required');
    expect(expectFieldError(await post({ name: 'x'.repeat(81) }), 'name')).toMatch(/at most 80/);
    expect(expectFieldError(await post({ durationMinutes: 10 }), 'durationMinutes')).toMatch(/between 15 and 480/);
    expect(expectFieldError(await post({ durationMinutes: 481 }), 'durationMinutes')).toMatch(/between 15 and 480/);
    expect(expectFieldError(await post({ durationMinutes: 62 }), 'durationMinutes')).toMatch(/multiple of 5/);
    // A dispatcher is no technician; another workspace's technician is unknown here.
    for (const id of [team.dispatcher.memberId, other.tech1.memberId]) {
      expect(expectFieldError(await post({ technicianIds: [id] }), 'technicianIds')).toMatch(/active technicians/);
    }
  });

  it('technicians and viewers may not manage booking (403); another workspace’s ids are 404', async () => {
    const { version: _v, publicUrl: _u, embedSnippet: _e, ...settingsBody } = team.settings;
    const routes: [string, string, unknown?][] = [
      ['GET', '/settings'],
      ['PUT', '/settings', settingsBody],
      ['GET', '/services'],
      ['POST', '/services', { name: 'X', durationMinutes: 60 }],
      ['PATCH', `/services/${team.service.id}`, { name: 'X' }],
      ['DELETE', `/services/${team.service.id}`],
      ['GET', '/requests'],
      ['POST', '/requests/00000000-0000-4000-8000-000000000000/confirm'],
      ['POST', '/requests/00000000-0000-4000-8000-000000000000/decline', {}],
    ];
    const registered = listRoutes(app)
      .filter((r) => bookingPath.test(r.url))
      .map((r) => `${r.method} ${r.url.replace('/api/v1/workspaces/:ws/booking', '').replace(/:id/, '')}`);
    const covered = routes.map(([m, rest]) => `${m} ${rest.replace(/\/(?:[0-9a-f-]{36})/, '/')}`);
    expect([...new Set(covered)].sort()).toEqual([...new Set(registered)].sort());
    for (const member of [team.tech1, team.viewer]) {
      for (const [method, rest, body] of routes) {
        const res = await member.client.request(method as 'GET', path(rest), body, ifMatch(1));
        expectProblem(res, 403, 'forbidden');
      }
    }
    // The other workspace's owner on this workspace's URLs: not a member, 404.
    for (const [method, rest, body] of routes) {
      const res = await other.owner.client.request(method as 'GET', path(rest), body, ifMatch(1));
      expectProblem(res, 404, 'not_found');
    }
    // Their own workspace's URL with this workspace's service id: 404.
    const foreign = ws(other.owner.workspaceId, `/booking/services/${team.service.id}`);
    expectProblem(await other.owner.client.patch(foreign, { name: 'Mine' }, ifMatch(1)), 404, 'not_found');
    expectProblem(await other.owner.client.delete(foreign), 404, 'not_found');
  });
});
