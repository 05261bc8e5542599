import type { ChangeEvent, Feed } from '@fieldplan/shared';
import type Pusher from 'pusher-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ws } from '../helpers.js';
import {
  collectChanges,
  connectPusher,
  createLiveApp,
  eventually,
  type LiveApp,
  sleep,
  subscribed,
} from '../realtime-harness.js';
import { createTeam, type Team } from '../schedule-helpers.js';
import { busy, holidayIcs, subscribe } from './feed-helpers.js';
import { calendar, type IcalServer, startIcalServer } from './ical-server.js';

// The background refresh: two server processes on one database, each with its own loop; the lease
// lets one of them fetch a due feed, and the change reaches members through the realtime channel
// (published from the outbox after commit), received by the official pusher-js client.

describe('background refresh', () => {
  let first: LiveApp;
  let second: LiveApp;
  let server: IcalServer;
  let team: Team;
  let tech: Pusher;
  let seen: ChangeEvent[];
  const feeds = { intervalMs: 50, policy: { totalTimeoutMs: 3_000 } };
  // The processes share realtime through Redis, as several processes behind a load balancer do.
  const env = {
    FEEDS_ALLOW_LOOPBACK: '1',
    REDIS_URL: process.env.FIELDPLAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };

  beforeAll(async () => {
    first = await createLiveApp({ env, feeds });
    second = await createLiveApp({ env, feeds, db: first.db });
    server = await startIcalServer();
    team = await createTeam(first.app, { timeZone: 'Europe/Berlin' });
    tech = connectPusher(first, team.tech1.client);
    seen = collectChanges(await subscribed(tech, `private-workspace-${team.owner.workspaceId}`));
  });
  afterAll(async () => {
    tech.disconnect();
    await second.close();
    await first.close();
    await server.close();
  });

  const makeDue = (id: string) =>
    first.db.kysely.updateTable('feed_subscriptions').set({ next_refresh_at: 0 }).where('id', '=', id).execute();

  it('refreshes a due feed once across processes and publishes the change after commit', async () => {
    server.route('/team.ics', calendar(holidayIcs('Before')));
    const feed = await subscribe(team.owner, `${server.origin}/team.ics?key=secret`);
    server.route('/team.ics', calendar(holidayIcs('After')));
    const hits = () => server.hits.get('/team.ics')?.length ?? 0;
    const before = hits();
    await makeDue(feed.id);
    await eventually(
      () => seen.some((e) => e.entity === 'feed' && e.data.id === feed.id && e.action === 'updated'),
      10_000,
      'the feed change on the channel',
    );
    const event = seen.find((e) => e.entity === 'feed' && e.data.id === feed.id && e.action === 'updated');
    // Every member reads the channel: the feed's secret URL is not in it.
    expect(event?.data).toMatchObject({ url: `${server.origin}/…`, status: 'ok', eventCount: 2 });
    const titles = (await busy(team.owner, '2026-04-06', '2026-04-09')).map((e) => e.title);
    expect(titles).toContain('After');
    // Both loops ran many times meanwhile; the feed was fetched once.
    await sleep(300);
    expect(hits() - before).toBe(1);
  });

  it('marks a feed failing in the background and keeps its copy', async () => {
    server.route('/failing.ics', calendar(holidayIcs('Kept')));
    const feed = await subscribe(team.owner, `${server.origin}/failing.ics`);
    server.route('/failing.ics', calendar('<html></html>', { type: 'text/html' }));
    await makeDue(feed.id);
    await eventually(
      async () => {
        const res = await team.owner.client.get(ws(team.owner.workspaceId, `/feeds/${feed.id}`));
        return (res.json() as Feed).status === 'failing';
      },
      10_000,
      'the feed failing',
    );
    const failing = (await team.owner.client.get(ws(team.owner.workspaceId, `/feeds/${feed.id}`))).json() as Feed;
    expect(failing.lastError).toMatch(/not an iCalendar file/);
    expect((await busy(team.owner, '2026-04-06', '2026-04-09')).map((e) => e.title)).toContain('Kept');
  });

  it('a draining process (SIGTERM) takes no due feed; the one that stays does (docs/adr/0031)', async () => {
    server.route('/drain.ics', calendar(holidayIcs('Before')));
    const feed = await subscribe(team.owner, `${server.origin}/drain.ics`);
    const hits = () => server.hits.get('/drain.ics')?.length ?? 0;
    const before = hits();
    first.app.draining = true;
    second.app.draining = true;
    try {
      await makeDue(feed.id);
      // Both loops looked many times (every 50 ms) meanwhile.
      await sleep(300);
      expect(hits()).toBe(before);
      second.app.draining = false;
      await eventually(() => hits() === before + 1, 10_000, 'the fetch by the process that stays');
    } finally {
      first.app.draining = false;
      second.app.draining = false;
    }
  });
});
