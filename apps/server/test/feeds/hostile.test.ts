import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expansionStats } from '../../src/modules/feeds/busy.js';
import { createTestApp, type TestContext } from '../harness.js';
import { expectProblem, ws } from '../helpers.js';
import { createTeam, type Team } from '../schedule-helpers.js';
import { busy, subscribe } from './feed-helpers.js';
import { calendar, type IcalServer, startIcalServer } from './ical-server.js';

// Feeds written to hurt: the server must answer (busy time, or a refusal for that feed) and keep
// serving everyone else while it reads them. The old code blocked the event loop for seconds to
// forever on each of these; this file's own timeouts are what it broke.

const policy = { readTimeoutMs: 2_000, totalTimeoutMs: 5_000, connectTimeoutMs: 2_000 };
// Shorter than the defaults, yet long enough for the legitimate work. They count the worker's CPU
// time; the wall-time bound is lifted, so a hostile feed is always found costly however busy the
// machine is (then it only takes longer).
const deadlines = { parseMs: 3_000, expandMs: 1_000 };
// At normal priority: these tests are about what is refused, not about yielding to requests.
const icalThreads = { wallDeadlines: 1_000, nice: 0 };

const vcalendar = (events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN', ...events.flat(), 'END:VCALENDAR', ''].join('\r\n');

const vevent = (uid: string, lines: string[]) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20260101T000000Z',
  ...lines,
  'END:VEVENT',
];

/** 40 endless series from 1900, every hour from 09:00 to 17:00 (a 12 KB file). */
const endlessFrom1900 = vcalendar(
  Array.from({ length: 40 }, (_, i) =>
    vevent(`endless-${i}`, [
      `DTSTART;TZID=Europe/Berlin:190001${String(1 + (i % 28)).padStart(2, '0')}T090000`,
      'DURATION:PT15M',
      'RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16,17',
      `SUMMARY:Endless ${i}`,
    ]),
  ),
);

const hugeDuration = vevent('huge-duration', [
  'DTSTART:20260601T090000Z',
  'DURATION:P999999999999999999W',
  'SUMMARY:Forever',
]);

/** A rule no date satisfies: ical.js looks for the next 30 February hour after hour, forever. */
const never = (start: string) =>
  vevent(`never-${start}`, [`DTSTART:${start}`, 'DURATION:PT1H', 'RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30']);

const plain = vevent('plain', ['DTSTART:20300107T100000Z', 'DTEND:20300107T110000Z', 'SUMMARY:Plain']);

/** Event-loop delay (max, ms) while `work` runs, with a /healthz answered meanwhile. */
async function whileServing<T>(ctx: TestContext, work: () => Promise<T>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let settled = false;
  const pending = work().finally(() => {
    settled = true;
  });
  const health = await ctx.app.inject({ method: 'GET', url: '/healthz' });
  const servedFirst = !settled;
  const result = await pending;
  histogram.disable();
  return { result, healthStatus: health.statusCode, servedFirst, maxDelayMs: histogram.max / 1e6 };
}

// Spending a CPU deadline takes longer in wall time on a machine busy with other suites.
describe('hostile calendar feeds', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let team: Team;
  let other: Team;
  let server: IcalServer;
  let path = 0;
  const serve = (ics: string) => {
    const p = `/hostile-${++path}.ics`;
    server.route(p, calendar(ics));
    return `${server.origin}${p}`;
  };

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { FEEDS_ALLOW_LOOPBACK: '1' },
      feeds: { background: false, policy, deadlines, icalThreads },
    });
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    other = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    server = await startIcalServer();
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  it('40 endless hourly series from 1900: a week of busy time is right, the loop stays free, the second read is cached', async () => {
    const feed = await subscribe(team.owner, serve(endlessFrom1900));
    expect(feed).toMatchObject({ status: 'ok', eventCount: 40 });
    const first = await whileServing(ctx, () => busy(team.owner, '2026-06-01', '2026-06-08'));
    expect(first.healthStatus).toBe(200);
    // Generous: the old code held the loop for seconds (16 s on the reviewer's machine).
    expect(first.maxDelayMs).toBeLessThan(1_000);
    const week = first.result;
    expect(week).toHaveLength(40 * 9 * 7);
    // 09:00–17:00 Berlin summer time (+2): 07:00Z to 15:00Z, a quarter of an hour each.
    const series0 = week.filter((e) => e.title === 'Endless 0');
    expect(series0.map((e) => e.start).slice(0, 9)).toEqual(
      [7, 8, 9, 10, 11, 12, 13, 14, 15].map((h) => `2026-06-01T${String(h).padStart(2, '0')}:00:00.000Z`),
    );
    expect(series0[0]?.end).toBe('2026-06-01T07:15:00.000Z');

    // The calendar of the same week counts that busy time from the expansion cache (same feed version).
    const before = { ...expansionStats };
    const calendar = await team.owner.client.get(
      ws(team.owner.workspaceId, '/calendar/events?start=2026-06-01&end=2026-06-08'),
    );
    expect(calendar.statusCode).toBe(200);
    expect(expansionStats.expanded).toBe(before.expanded);
    expect(expansionStats.cached).toBe(before.cached + 1);
    // The same read again is the same answer, served whole from the answer cache (ETag).
    const again = await team.owner.client.get(
      ws(team.owner.workspaceId, '/calendar/busy?start=2026-06-01&end=2026-06-08'),
    );
    expect(again.json()).toEqual(week);
    const etag = String(again.headers.etag);
    const notModified = await team.owner.client.get(
      ws(team.owner.workspaceId, '/calendar/busy?start=2026-06-01&end=2026-06-08'),
      {
        'if-none-match': etag,
      },
    );
    expect(notModified.statusCode).toBe(304);
    expect(expansionStats.expanded).toBe(before.expanded);
  });

  it('DURATION:P999999999999999999W: the event is refused at import with the reason; the feed’s other events count', async () => {
    const alone = await team.owner.client.post(ws(team.owner.workspaceId, '/feeds'), {
      name: 'Forever',
      url: serve(vcalendar([hugeDuration])),
      colour: '#009E73',
    });
    expect(expectProblem(alone, 502, 'feed_unreachable').detail).toMatch(/no readable event.*end outside 1800–2199/);
    const mixed = await subscribe(team.owner, serve(vcalendar([hugeDuration, plain])));
    expect(mixed).toMatchObject({ status: 'ok', eventCount: 1 });
  });

  it('too many series, or too many occurrences in the coming weeks: the feed is refused at import with the reason', async () => {
    const many = vcalendar(
      Array.from({ length: 1_001 }, (_, i) =>
        vevent(`many-${i}`, ['DTSTART:20260105T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY']),
      ),
    );
    const res = await team.owner.client.post(ws(team.owner.workspaceId, '/feeds'), {
      name: 'Many',
      url: serve(many),
      colour: '#009E73',
    });
    expect(expectProblem(res, 502, 'feed_unreachable').detail).toMatch(/1001 recurring events \(at most 1000/);
    const dense = vcalendar([vevent('minutely', ['DTSTART:20200101T000000Z', 'RRULE:FREQ=MINUTELY'])]);
    const res2 = await team.owner.client.post(ws(team.owner.workspaceId, '/feeds'), {
      name: 'Dense',
      url: serve(dense),
      colour: '#009E73',
    });
    expect(expectProblem(res2, 502, 'feed_unreachable').detail).toMatch(/more than 20,000 occurrences in 31 days/);
  });

  it('a rule ical.js never finishes: the import ends at the worker’s deadline with a refusal, other requests are served meanwhile', async () => {
    const attempt = await whileServing(ctx, () =>
      team.owner.client.post(ws(team.owner.workspaceId, '/feeds'), {
        name: 'Never',
        url: serve(vcalendar([never('20260101T090000Z')])),
        colour: '#009E73',
      }),
    );
    expect(attempt.servedFirst).toBe(true);
    expect(attempt.healthStatus).toBe(200);
    expect(expectProblem(attempt.result, 502, 'feed_unreachable').detail).toMatch(/took too long to read/);
  });

  it('a read that overruns the deadline refuses that feed (named in a header) for its version, and other workspaces are served meanwhile', async () => {
    // Starts in 2030: the import check of the coming weeks does not reach it; a read of 2030 does.
    const feed = await subscribe(other.owner, serve(vcalendar([never('20300101T090000Z'), plain])));
    expect(feed).toMatchObject({ status: 'ok', eventCount: 2 });
    const url = ws(other.owner.workspaceId, '/calendar/busy?start=2030-01-06&end=2030-01-13');
    const before = { ...expansionStats };
    const read = await whileServing(ctx, () => other.owner.client.get(url));
    expect(read.servedFirst).toBe(true);
    expect(read.result.statusCode).toBe(200);
    expect(read.result.headers['fieldplan-busy-refused']).toBe(feed.id);
    // The feed's one-off events still count.
    expect((read.result.json() as { title: string }[]).map((e) => e.title)).toEqual(['Plain']);
    expect(expansionStats.overran).toBe(before.overran + 1);
    // Another range of the same version is refused without running it again.
    const again = await other.owner.client.get(
      ws(other.owner.workspaceId, '/calendar/busy?start=2030-02-01&end=2030-02-08'),
    );
    expect(again.headers['fieldplan-busy-refused']).toBe(feed.id);
    expect(expansionStats.overran).toBe(before.overran + 1);
    // The first workspace's busy time is untouched by it.
    expect(await busy(team.owner, '2026-06-01', '2026-06-02')).toHaveLength(40 * 9);
  });
});
