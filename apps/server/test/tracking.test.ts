import { randomBytes } from 'node:crypto';
import { coarsenPosition, etaFrom, type TrackingPage, trackingChannel } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealingKey, unseal } from '../src/modules/tracking/tokens.js';
import { Client, createTestApp, type TestContext } from './harness.js';
import { expectProblem, sha256, ws } from './helpers.js';
import { createJob, createTeam, setStatus, type Team } from './schedule-helpers.js';
import { linksOf, moveTo, tokenOf, visitNow } from './tracking-fixtures.js';

const hourMs = 60 * 60 * 1000;
const sessionSecret = 'a test session secret of at least 32 characters';
const home = { lat: 52.52, lng: 13.405 };

describe('tracking links', () => {
  let ctx: TestContext;
  let team: Team;
  /** The customer: no session at all. */
  let customer: Client;
  const track = (token: string) => customer.get(`/api/v1/track/${token}`);
  const ping = (lat: number, lng: number) =>
    team.tech1.client.post(ws(team.owner.workspaceId, '/locations'), { lat, lng, accuracyM: 8 });

  beforeAll(async () => {
    ctx = await createTestApp({ env: { SESSION_SECRET: sessionSecret } });
    team = await createTeam(ctx.app);
    customer = new Client(ctx.app);
  });
  afterAll(() => ctx.close());

  it('going en route creates one link per visit, stored only hashed and sealed', async () => {
    const job = await visitNow(team);
    expect(await linksOf(team, job.id)).toEqual([]);
    const enRoute = await moveTo(team, job, 'en_route');
    const [link, ...more] = await linksOf(team, job.id);
    expect(more).toEqual([]);
    if (!link) throw new Error('no link');
    const token = tokenOf(link);
    // 32 bytes from the CSPRNG, base64url.
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    expect(link).toMatchObject({ jobId: job.id, occurrence: null });
    expect(Date.parse(link.expiresAt)).toBe(Date.parse(job.end as string) + 3 * hourMs);

    const rows = await ctx.db.kysely.selectFrom('tracking_links').selectAll().where('job_id', '=', job.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]?.member_id).toBe(team.tech1.memberId);

    // In progress keeps the same link; the dispatcher sees the same URL again.
    await moveTo(team, enRoute, 'in_progress');
    expect((await linksOf(team, job.id)).map((l) => l.url)).toEqual([link.url]);
    expect(
      await ctx.db.kysely.selectFrom('tracking_links').selectAll().where('job_id', '=', job.id).execute(),
    ).toHaveLength(1);
  });

  it('the public answer has exactly the page’s fields; the position only en route, coarsened, with an ETA', async () => {
    const job = await visitNow(team);
    const enRoute = await moveTo(team, job, 'en_route');
    const [link] = await linksOf(team, job.id);
    const token = tokenOf(link as never);

    const before = await track(token);
    expect(before.statusCode, before.body).toBe(200);
    const page = before.json() as TrackingPage;
    expect(Object.keys(page).sort()).toEqual([
      'channel',
      'dateFormat',
      'eta',
      'language',
      'position',
      'status',
      'technician',
      'timeFormat',
      'window',
    ]);
    // How the page speaks: the customer has no language of their own, so the business's (English).
    expect(page).toMatchObject({ language: 'en', timeFormat: '24h', dateFormat: 'dmy' });
    expect(Object.keys(page.technician).sort()).toEqual(['colour', 'firstName']);
    expect(Object.keys(page.window).sort()).toEqual(['end', 'start']);
    expect(page).toMatchObject({
      status: 'en_route',
      technician: { firstName: 'Tim' },
      window: { start: job.start, end: job.end },
      position: null,
      eta: null,
      channel: trackingChannel(sha256(token)),
    });
    expect(page.technician.colour).toMatch(/^#[0-9a-f]{6}$/i);
    expect(before.headers['cache-control']).toBe('no-store');

    expect((await ping(home.lat + 0.00123, home.lng + 0.00234)).statusCode).toBe(201);
    const moving = (await track(token)).json() as TrackingPage;
    const coarse = coarsenPosition({ lat: home.lat + 0.00123, lng: home.lng + 0.00234 });
    expect(moving.position).toMatchObject(coarse);
    expect(Object.keys(moving.position ?? {}).sort()).toEqual(['at', 'lat', 'lng']);
    expect(moving.position?.lat).not.toBe(home.lat + 0.00123);
    // The ETA is the travel model's from the coarse point to the site, to the minute.
    const eta = Date.parse(moving.eta ?? '');
    const expected = etaFrom(coarse, { lat: 52.529, lng: 13.401 }, Date.now());
    expect(Math.abs(eta - expected)).toBeLessThanOrEqual(2 * 60_000);
    // No ids, no customer, no address anywhere in the answer.
    const body = JSON.stringify(moving);
    for (const secret of [job.id, team.tech1.memberId, team.owner.workspaceId, job.address, job.title]) {
      expect(body).not.toContain(secret);
    }

    await moveTo(team, enRoute, 'in_progress');
    const working = (await track(token)).json() as TrackingPage;
    expect(working).toMatchObject({ status: 'in_progress', position: null, eta: null });
  });

  it('answers 404 for guessed, malformed, finished, cancelled, revoked and expired links', async () => {
    const missing = (res: Awaited<ReturnType<typeof track>>) => expectProblem(res, 404, 'not_found');
    missing(await track(randomBytes(32).toString('base64url')));
    missing(await track('not-a-token'));
    missing(await track('a'.repeat(200)));

    const done = await visitNow(team);
    const doneRoute = await moveTo(team, done, 'en_route');
    const doneLink = await linksOf(team, done.id);
    await moveTo(team, await moveTo(team, doneRoute, 'in_progress'), 'completed');
    missing(await track(tokenOf(doneLink[0] as never)));
    expect(await linksOf(team, done.id)).toEqual([]);
    const row = await ctx.db.kysely
      .selectFrom('tracking_links')
      .select('ended_at')
      .where('job_id', '=', done.id)
      .executeTakeFirst();
    expect(row?.ended_at).not.toBeNull();

    const cancelled = await visitNow(team);
    const cancelledRoute = await moveTo(team, cancelled, 'en_route');
    const [cancelledLink] = await linksOf(team, cancelled.id);
    await moveTo(team, cancelledRoute, 'cancelled', team.dispatcher);
    missing(await track(tokenOf(cancelledLink as never)));

    const revoked = await visitNow(team);
    await moveTo(team, revoked, 'en_route');
    const [revokedLink] = await linksOf(team, revoked.id);
    const token = tokenOf(revokedLink as never);
    expect((await track(token)).statusCode).toBe(200);
    const res = await team.dispatcher.client.delete(ws(team.owner.workspaceId, `/tracking-links/${revokedLink?.id}`));
    expect(res.statusCode, res.body).toBe(204);
    missing(await track(token));
    expect(await linksOf(team, revoked.id)).toEqual([]);
    // Revoking again: it is gone.
    expectProblem(
      await team.dispatcher.client.delete(ws(team.owner.workspaceId, `/tracking-links/${revokedLink?.id}`)),
      404,
      'not_found',
    );

    // A visit that ended more than 3 h ago: the link is made, but expired at once.
    const old = await visitNow(team, -6 * hourMs);
    await moveTo(team, old, 'en_route');
    const [oldRow] = await ctx.db.kysely
      .selectFrom('tracking_links')
      .selectAll()
      .where('job_id', '=', old.id)
      .execute();
    expect(await linksOf(team, old.id)).toEqual([]);
    // The token, opened with the sealing key (which SESSION_SECRET gives this test).
    const oldToken = unseal(sealingKey(sessionSecret), oldRow?.token_sealed ?? '');
    expect(oldToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    missing(await track(oldToken ?? ''));
  });

  it('a second en route of a reopened visit makes a new link; the finished one stays dead', async () => {
    const job = await visitNow(team);
    let current = await moveTo(team, job, 'en_route');
    const [first] = await linksOf(team, job.id);
    current = await moveTo(team, current, 'completed');
    current = await moveTo(team, current, 'scheduled', team.dispatcher);
    await moveTo(team, current, 'en_route');
    const [second] = await linksOf(team, job.id);
    expect(second?.url).not.toBe(first?.url);
    expectProblem(await track(tokenOf(first as never)), 404, 'not_found');
    expect((await track(tokenOf(second as never))).statusCode).toBe(200);
  });

  it('a dispatcher setting the job en route makes the link show the assigned technician', async () => {
    const job = await visitNow(team);
    await moveTo(team, job, 'en_route', team.dispatcher);
    const [link] = await linksOf(team, job.id);
    const page = (await track(tokenOf(link as never))).json() as TrackingPage;
    expect(page.technician.firstName).toBe('Tim');
  });

  it('a recurring job gets a link per visit, showing that occurrence’s window', async () => {
    const start = Date.now() - hourMs / 2;
    const series = await createJob(team.owner, {
      title: 'Daily check',
      start: new Date(start - 24 * hourMs).toISOString(),
      end: new Date(start - 23 * hourMs).toISOString(),
      rrule: 'FREQ=DAILY;COUNT=3',
      assigneeIds: [team.tech1.memberId],
    });
    const today = new Date(start).toISOString();
    const res = await setStatus(team.tech1, series, 'en_route', today);
    expect(res.statusCode, res.body).toBe(200);
    const [link, ...more] = await linksOf(team, series.id);
    expect(more).toEqual([]);
    expect(link?.occurrence).toBe(today);
    const page = (await track(tokenOf(link as never))).json() as TrackingPage;
    expect(page.window).toEqual({ start: today, end: new Date(start + hourMs).toISOString() });
    expect(page.status).toBe('en_route');
    // Another visit of the series is not en route: the link belongs to today's only.
    const done = await setStatus(team.tech1, res.json() as never, 'completed', today);
    expect(done.statusCode, done.body).toBe(200);
    expectProblem(await track(tokenOf(link as never)), 404, 'not_found');
  });

  it('a refused status change makes no link', async () => {
    const job = await visitNow(team);
    // tech2 is not assigned: 403, and nothing written.
    const res = await setStatus(team.tech2, job, 'en_route');
    expectProblem(res, 403, 'forbidden');
    expect(await linksOf(team, job.id)).toEqual([]);
  });
});

describe('the public tracking API is rate limited', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('60 requests a minute per address, then 429 with Retry-After', async () => {
    const client = new Client(ctx.app);
    const token = randomBytes(32).toString('base64url');
    for (let i = 0; i < 60; i++) expect((await client.get(`/api/v1/track/${token}`)).statusCode).toBe(404);
    const limited = await client.get(`/api/v1/track/${token}`);
    expectProblem(limited, 429, 'rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the travel model in the public config', () => {
  it('hands the browser TRAVEL_DETOUR_FACTOR and TRAVEL_SPEED_KMH', async () => {
    const custom = await createTestApp({ env: { TRAVEL_DETOUR_FACTOR: '1.5', TRAVEL_SPEED_KMH: '40' } });
    try {
      expect((await custom.app.inject('/api/v1/config')).json().travel).toEqual({ detourFactor: 1.5, speedKmh: 40 });
    } finally {
      await custom.close();
    }
  });
});
