import { type CalendarEvent, type CustomerPage, instantToWall, type JobPage } from '@fieldplan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/demo.js';
import { createTestApp, createTestDb, type TestContext } from './harness.js';
import { signIn, ws } from './helpers.js';

// Wednesday 18 November 2026, 10:40 in Berlin: the demo's weeks are 9–13, 16–20 and 23–27 Nov.
const now = Date.parse('2026-11-18T09:40:00Z');
const zone = 'Europe/Berlin';
const localHour = (iso: string) => {
  const wall = new Date(instantToWall(zone, Date.parse(iso)));
  return wall.getUTCHours() + wall.getUTCMinutes() / 60;
};

describe('demo seed: customers and three weeks of jobs', () => {
  let ctx: TestContext;
  let workspaceId = '';
  let feed: CalendarEvent[] = [];
  let client: Awaited<ReturnType<typeof signIn>>['client'];

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemo(ctx.db, { now });
    const session = await signIn(ctx.app, 'dispatcher@demo.test', 'fieldplan-demo');
    client = session.client;
    workspaceId = session.me.memberships[0]?.workspaceId ?? '';
    const res = await client.get(ws(workspaceId, '/calendar/events?start=2026-11-09&end=2026-11-28'));
    expect(res.statusCode, res.body).toBe(200);
    feed = res.json() as CalendarEvent[];
  });
  afterAll(() => ctx.close());

  it('has ~150 customers around Berlin', async () => {
    const page = (await client.get(ws(workspaceId, '/customers?limit=100'))).json() as CustomerPage;
    expect(page.total).toBe(150);
    for (const c of page.items) {
      expect(c.lat).toBeGreaterThanOrEqual(52.35);
      expect(c.lat).toBeLessThanOrEqual(52.65);
      expect(c.lng).toBeGreaterThanOrEqual(13.1);
      expect(c.lng).toBeLessThanOrEqual(13.7);
      expect(c.address).toMatch(/\d{5} Berlin$/);
    }
  });

  it('fills working hours Mon–Fri with ~5 visits per technician per day', () => {
    const timed = feed.filter((e) => !e.allDay);
    expect(timed.length).toBeGreaterThan(400);
    const perTechDay = new Map<string, number>();
    for (const e of timed) {
      expect(localHour(e.start)).toBeGreaterThanOrEqual(7);
      expect(localHour(e.end)).toBeLessThanOrEqual(19);
      expect(new Date(instantToWall(zone, Date.parse(e.start))).getUTCDay()).not.toBe(0);
      expect(new Date(instantToWall(zone, Date.parse(e.start))).getUTCDay()).not.toBe(6);
      const key = `${e.resourceIds[0]}|${e.start.slice(0, 10)}`;
      perTechDay.set(key, (perTechDay.get(key) ?? 0) + 1);
    }
    const counts = [...perTechDay.values()];
    expect(perTechDay.size).toBe(6 * 15 - 1);
    expect(counts.filter((n) => n === 5).length).toBe(counts.length - 1);
    expect(counts.filter((n) => n === 6)).toHaveLength(1);
    expect(feed.filter((e) => e.allDay)).toHaveLength(1);
  });

  it('has recurring series, exactly one double booking and an unscheduled queue', async () => {
    expect(feed.filter((e) => e.extendedProps.recurring).length).toBeGreaterThanOrEqual(20);
    const flagged = feed.filter((e) => e.extendedProps.overlapsWith.length > 0);
    expect(flagged).toHaveLength(2);
    expect(flagged[0]?.extendedProps.overlapsWith).toEqual([flagged[1]?.id]);
    const queue = (await client.get(ws(workspaceId, '/jobs?unscheduled=true'))).json() as JobPage;
    expect(queue.total).toBeGreaterThanOrEqual(5);
    expect(queue.items[0]?.priority).toBe(1);
  });

  it('has statuses that fit the seed date: done before, under way now, scheduled after', () => {
    for (const e of feed) {
      const { status } = e.extendedProps;
      if (e.allDay) continue;
      if (Date.parse(e.end) <= now) expect(['completed', 'cancelled']).toContain(status);
      else if (Date.parse(e.start) <= now) expect(status).toBe('in_progress');
      else expect(status).toBe('scheduled');
    }
    expect(feed.filter((e) => e.extendedProps.status === 'in_progress').length).toBeGreaterThan(0);
    expect(feed.filter((e) => e.extendedProps.status === 'cancelled').length).toBeGreaterThan(0);
  });

  it('gives every technician visits with a flexible window on every working day, each inside its window', async () => {
    const flexible = await ctx.db.kysely
      .selectFrom('jobs as j')
      .innerJoin('job_assignees as a', 'a.job_id', 'j.id')
      .select(['a.member_id', 'j.start_at', 'j.end_at', 'j.flex_start_at', 'j.flex_end_at', 'j.rrule'])
      .where('j.workspace_id', '=', workspaceId)
      .where('j.flex_start_at', 'is not', null)
      .execute();
    const perTechDay = new Map<string, number>();
    for (const j of flexible) {
      expect(j.rrule).toBeNull();
      expect(Number(j.flex_start_at)).toBeLessThanOrEqual(Number(j.start_at));
      expect(Number(j.flex_end_at)).toBeGreaterThanOrEqual(Number(j.end_at));
      const [from, until] = [Number(j.flex_start_at), Number(j.flex_end_at)].map((ms) =>
        localHour(new Date(ms).toISOString()),
      );
      expect([from, until]).toEqual(from === 8 ? [8, 13] : [12, 17]);
      const key = `${j.member_id}|${new Date(Number(j.start_at)).toISOString().slice(0, 10)}`;
      perTechDay.set(key, (perTechDay.get(key) ?? 0) + 1);
    }
    // Six technicians, 15 working days, but for the training day.
    expect(perTechDay.size).toBe(6 * 15 - 1);
    expect(Math.min(...perTechDay.values())).toBeGreaterThanOrEqual(2);
  });

  it('is the same on every seed (deterministic), whatever the database', async () => {
    const other = await createTestDb();
    try {
      await seedDemo(other.db, { now });
      const names = (db: typeof other.db) =>
        db.kysely.selectFrom('customers').select(['name', 'address']).orderBy('created_at').execute();
      const titles = (db: typeof other.db) =>
        db.kysely
          .selectFrom('jobs')
          .select(['title', 'start_at', 'status', 'flex_start_at', 'flex_end_at'])
          .orderBy('created_at')
          .execute();
      expect(await names(other.db)).toEqual(await names(ctx.db));
      expect(await titles(other.db)).toEqual(await titles(ctx.db));
    } finally {
      await other.cleanup();
    }
  });
});
