import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefreshBudget } from '../../src/modules/feeds/refresh-budget.js';
import { createTestApp, type TestContext } from '../harness.js';
import { expectProblem, ws } from '../helpers.js';
import { createTeam, type Team } from '../schedule-helpers.js';
import { feedOf, holidayIcs, subscribe } from './feed-helpers.js';
import { hostileExdates } from './hostile-exdates.js';
import { calendar, type IcalServer, startIcalServer } from './ical-server.js';

// Each workspace's refreshes have a CPU budget: past it, its feeds wait (and say so) instead of
// taking a core from everyone else; other workspaces refresh as usual
// (docs/adr/0039-feed-refresh-cpu-budget.md). The budget here is 1 ms, so one costly read spends it.

describe('the refresh budget per workspace', () => {
  let ctx: TestContext;
  let hostile: Team;
  let other: Team;
  let server: IcalServer;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { FEEDS_ALLOW_LOOPBACK: '1' },
      feeds: { background: false, refreshBudget: { cpuMs: 1, windowMs: 60 * 60_000 } },
    });
    hostile = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    other = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    server = await startIcalServer();
    server.route('/hostile.ics', calendar(hostileExdates(Date.now(), 3, 2_000)));
    server.route('/holidays.ics', calendar(holidayIcs()));
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  it('over budget, a refresh fetches nothing and the feed says it waits, until when; another workspace refreshes', async () => {
    const feed = await subscribe(hostile.owner, `${server.origin}/hostile.ics`);
    expect(feed).toMatchObject({ status: 'ok', eventCount: 3 });
    const fetched = server.hits.get('/hostile.ics')?.length;

    const res = await hostile.owner.client.post(ws(hostile.owner.workspaceId, `/feeds/${feed.id}/refresh`), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'failing', eventCount: 3 });
    expect((res.json() as { lastError: string }).lastError).toMatch(
      /^deferred: .*computing time.*next try at \d\d:\d\d UTC/,
    );
    expect(server.hits.get('/hostile.ics')?.length).toBe(fetched);
    // The background loop does not take it before then.
    const row = await ctx.db.kysely
      .selectFrom('feed_subscriptions')
      .select('next_refresh_at')
      .where('id', '=', feed.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.next_refresh_at)).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect(await feedOf(hostile.owner, feed.id)).toMatchObject({ status: 'failing', eventCount: 3 });

    // A new subscription of that workspace waits too, with the reason.
    const more = await hostile.owner.client.post(ws(hostile.owner.workspaceId, '/feeds'), {
      name: 'More',
      url: `${server.origin}/holidays.ics`,
      colour: '#009E73',
    });
    expect(expectProblem(more, 502, 'feed_unreachable').detail).toMatch(/computing time/);

    // Another workspace's budget is its own.
    const theirs = await subscribe(other.owner, `${server.origin}/holidays.ics`);
    expect(theirs).toMatchObject({ status: 'ok', eventCount: 2 });
  });

  it('the budget is a sliding window: spending leaves it after the window', () => {
    let now = 0;
    const budget = new RefreshBudget({ cpuMs: 1_000, windowMs: 60_000 }, () => now);
    budget.charge('w', 600);
    now = 10_000;
    budget.charge('w', 600);
    expect(budget.deferredUntil('w')).toBe(60_000);
    expect(budget.deferredUntil('other')).toBeNull();
    now = 60_001;
    expect(budget.deferredUntil('w')).toBeNull();
  });
});
