import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../../src/lib/worker-thread.js';
import { expansionStats } from '../../src/modules/feeds/busy.js';
import { DeadlineExceeded, IcalWorker } from '../../src/modules/feeds/ical/pool.js';
import { createTestApp, type TestContext } from '../harness.js';
import { ws } from '../helpers.js';
import { createTeam, type Team } from '../schedule-helpers.js';
import { subscribe } from './feed-helpers.js';
import { calendar, type IcalServer, startIcalServer } from './ical-server.js';

// The expansion deadline counts the worker's CPU time: a feed read while the machine is busy (the
// thread waiting for a core past the deadline) is answered, and only a feed that really costs the
// deadline is refused for its version (docs/adr/0039-feed-refresh-cpu-budget.md). The stall is a
// thread that sleeps before each expansion: wall time passes, CPU time does not.

const stallMs = 1_500;
const expandMs = 400;
const stalling = () =>
  startWorker(
    import.meta.url,
    { built: './none.js', source: './stalling-ical-worker.ts' },
    { workerData: { stallMs } },
  );

const vcalendar = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Tests//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const weekly = [
  'BEGIN:VEVENT',
  'UID:weekly',
  'DTSTAMP:20260101T000000Z',
  'DTSTART;TZID=Europe/Berlin:20260105T090000',
  'DURATION:PT1H',
  'RRULE:FREQ=WEEKLY;BYDAY=MO,WE',
  'SUMMARY:Standing meeting',
  'END:VEVENT',
].join('\r\n');
/** Starts in 2030, past the import check: ical.js looks for a 30 February forever when read there. */
const never = [
  'BEGIN:VEVENT',
  'UID:never',
  'DTSTAMP:20260101T000000Z',
  'DTSTART:20300101T090000Z',
  'DURATION:PT1H',
  'RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30',
  'END:VEVENT',
].join('\r\n');

// Each read waits out its stall, and a costly one spends its CPU deadline: slower than most tests.
describe('the iCal expansion deadline counts CPU time', { timeout: 60_000 }, () => {
  let ctx: TestContext;
  let team: Team;
  let server: IcalServer;

  beforeAll(async () => {
    ctx = await createTestApp({
      env: { FEEDS_ALLOW_LOOPBACK: '1' },
      feeds: {
        background: false,
        policy: { readTimeoutMs: 2_000, totalTimeoutMs: 5_000, connectTimeoutMs: 2_000 },
        deadlines: { parseMs: 5_000, expandMs },
        // The wall-time bound lifted: what is refused depends on CPU time alone, however busy the machine.
        icalThreads: { start: stalling, wallDeadlines: 1_000, nice: 0 },
      },
    });
    team = await createTeam(ctx.app, { timeZone: 'Europe/Berlin' });
    server = await startIcalServer();
  });
  afterAll(async () => {
    await server.close();
    await ctx.close();
  });

  it('a feed read while its thread waits for a core past the deadline is answered, then and later', async () => {
    server.route('/weekly.ics', calendar(vcalendar([weekly])));
    const feed = await subscribe(team.owner, `${server.origin}/weekly.ics`);
    expect(feed).toMatchObject({ status: 'ok', eventCount: 1 });
    for (const [start, end] of [
      ['2026-06-01', '2026-06-08'],
      ['2026-06-08', '2026-06-15'],
    ]) {
      const res = await team.owner.client.get(ws(team.owner.workspaceId, `/calendar/busy?start=${start}&end=${end}`));
      expect(res.statusCode).toBe(200);
      expect(res.headers['fieldplan-busy-refused']).toBeUndefined();
      expect((res.json() as { title: string }[]).map((e) => e.title)).toEqual(['Standing meeting', 'Standing meeting']);
    }
  });

  it('a feed that spends the deadline’s CPU time is refused for its version, once', async () => {
    server.route('/never.ics', calendar(vcalendar([never])));
    const feed = await subscribe(team.owner, `${server.origin}/never.ics`, { name: 'Never' });
    const before = { ...expansionStats };
    for (const start of ['2030-01-06', '2030-02-03']) {
      const res = await team.owner.client.get(
        ws(team.owner.workspaceId, `/calendar/busy?start=${start}T00:00:00Z&end=2030-03-01T00:00:00Z`),
      );
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['fieldplan-busy-refused'])).toContain(feed.id);
    }
    expect(expansionStats.overran).toBe(before.overran + 1);
  });

  it('where the CPU time cannot be read, an overrun is not taken for a costly feed', async () => {
    const worker = new IcalWorker({ start: stalling, cpuMs: () => null });
    const task = { kind: 'expand' as const, zone: 'Europe/Berlin', from: 0, to: 1, series: [], steps: 1 };
    const err = await worker.run(task, 100).catch((e: unknown) => e);
    await worker.close();
    expect(err).toBeInstanceOf(DeadlineExceeded);
    expect((err as DeadlineExceeded).costly).toBe(false);
  });
});
