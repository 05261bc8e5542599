// Hostile subscribed feeds, on SQLite and PostgreSQL. Workspace "bench" (the calendar-week seed:
// 50 technicians, 2,000 jobs) has no feeds; workspace "hostile" subscribes the feeds of the review:
// 40 and 10 endless FREQ=DAILY;BYHOUR=9..17 series from 1900, a DURATION:P999999999999999999W
// event, and a rule ical.js never finishes (stored past the import check, as an older copy would
// be). Measured over real HTTP on loopback, the load in worker threads like browsers elsewhere:
// - the bench workspace's week feed, p50/p99, alone and while the hostile workspace's busy time and
//   calendar are read non-stop, 4 in flight (each read a new range: nothing cached) — target p99
//   within 1.2× of alone;
// - the hostile workspace's busy-time read of a week, warm (cached) and cold — target ≤ 50 ms warm.

import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { parseFeed } from '../apps/server/src/modules/feeds/ical/parse.js';
import { parseInWorker } from '../apps/server/src/modules/feeds/ical/pool.js';
import { storeLoaded } from '../apps/server/src/modules/feeds/refresh.js';
import { newFeedRow } from '../apps/server/src/modules/feeds/service.js';
import { createWorkspaceWithOwner } from '../apps/server/src/modules/members/index.js';
import { seedWeek } from './calendar-week.seed.js';
import { run, startClient } from './load-client.js';
import { benchDb, fmt, percentile } from './support.js';

const zone = 'Europe/Berlin';
const day = 86_400_000;

const vcalendar = (events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Hostile//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const endless = (n: number) =>
  vcalendar(
    Array.from({ length: n }, (_, i) =>
      [
        'BEGIN:VEVENT',
        `UID:endless-${n}-${i}`,
        'DTSTAMP:20260101T000000Z',
        `DTSTART;TZID=Europe/Berlin:190001${String(1 + (i % 28)).padStart(2, '0')}T090000`,
        'DURATION:PT15M',
        'RRULE:FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16,17',
        `SUMMARY:Endless ${i}`,
        'END:VEVENT',
      ].join('\r\n'),
    ),
  );
const huge = vcalendar([
  'BEGIN:VEVENT\r\nUID:huge\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260601T090000Z\r\nDURATION:P999999999999999999W\r\nEND:VEVENT',
]);
const never = vcalendar([
  'BEGIN:VEVENT\r\nUID:never\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20260101T090000Z\r\nDURATION:PT1H\r\nRRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30\r\nEND:VEVENT',
]);

const line = (label: string, latencies: number[]) =>
  `${label.padEnd(58)} p50 ${fmt(percentile(latencies, 50)).padStart(9)}  p99 ${fmt(percentile(latencies, 99)).padStart(9)}  (${latencies.length})`;

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { db, cleanup } = await benchDb(dialect);
  const login = await seedWeek(db);
  const owner = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', login.email)
    .executeTakeFirstOrThrow();
  const hostile = await db.kysely
    .transaction()
    .execute((trx) =>
      createWorkspaceWithOwner(trx, { name: 'Hostile', slug: 'hostile', timeZone: zone, ownerUserId: owner.id }),
    );
  // Subscriptions as an import makes them: parsed in the worker with the import check.
  const imported: string[] = [];
  for (const [name, ics, checked] of [
    ['40 endless series', endless(40), true],
    ['10 endless series', endless(10), true],
    ['DURATION:P999999999999999999W', huge, true],
    ['a rule that never ends (past the import check)', never, false],
  ] as const) {
    const feed = newFeedRow(
      hostile.id,
      { name, url: 'https://hostile.example/x.ics', colour: '#D55E00', memberId: null, refreshMinutes: 60 },
      Date.now(),
    );
    await db.kysely.insertInto('feed_subscriptions').values(feed).execute();
    const t0 = performance.now();
    try {
      const bytes = Buffer.from(ics);
      const parsed = checked ? (await parseInWorker({ bytes, zone, now: Date.now() })).result : parseFeed(bytes, zone);
      await storeLoaded(
        db.kysely,
        feed,
        { kind: 'ok', parsed, hash: name, validators: { etag: null, lastModified: null }, cpuMs: 0 },
        null,
      );
      imported.push(`${name}: stored ${parsed.items.length} in ${fmt(performance.now() - t0)}`);
    } catch (err) {
      imported.push(`${name}: refused in ${fmt(performance.now() - t0)} (${(err as Error).message})`);
    }
  }
  console.log(`${dialect}: import — ${imported.join('; ')}`);

  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000, feeds: { background: false } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const res = await fetch(`${address}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify(login),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const memberships = ((await res.json()) as { memberships: { workspaceId: string; workspaceSlug: string }[] })
    .memberships;
  const benchWs = memberships.find((m) => m.workspaceSlug === 'bench')?.workspaceId;
  const week = `${address}/api/v1/workspaces/${benchWs}/calendar/events?start=2026-06-01&end=2026-06-08`;
  const busyOf = (from: number) =>
    `${address}/api/v1/workspaces/${hostile.id}/calendar/busy?start=${new Date(from).toISOString()}&end=${new Date(from + 7 * day).toISOString()}`;
  const probe = await fetch(busyOf(Date.UTC(2026, 5, 1)), { headers: { cookie } });
  const busyCount = ((await probe.json()) as unknown[]).length;
  console.log(
    `${dialect}: hostile workspace's week: ${busyCount} busy intervals, refused feeds: ${probe.headers.get('fieldplan-busy-refused') ? 1 : 0}`,
  );

  const measure = startClient(cookie);
  const flood = startClient(cookie);
  await run(measure, Array(300).fill(week), 20); // warm-up
  const alone = await run(measure, Array(1000).fill(week), 20);
  console.log(`${dialect}: ${line('bench week feed, 20 in flight, alone', alone)}`);
  // Every hostile read a week no one read before (a minute later each time): always expanded.
  // The hostile workspace's busy time and calendar (which counts busy time too) alternate.
  let minute = 0;
  const cold = (k: number) => Array.from({ length: k }, () => busyOf(Date.UTC(2026, 5, 1) + ++minute * 60_000));
  const coldCalendar = (k: number) =>
    Array.from(
      { length: k },
      () =>
        `${address}/api/v1/workspaces/${hostile.id}/calendar/events?start=2026-06-01&end=${new Date(Date.UTC(2026, 5, 8) + ++minute * 60_000).toISOString()}`,
    );
  const floodUrls = cold(5_000).flatMap((url, i) => [url, ...coldCalendar(i % 2)]);
  const flooding = new Promise<{ answered: number }>((resolve) => flood.once('message', resolve));
  flood.postMessage({ flood: true, urls: floodUrls, concurrency: 4 });
  const t0 = performance.now();
  const withHostile = await run(measure, Array(1000).fill(week), 20);
  flood.postMessage({ stop: true });
  const { answered } = await flooding;
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${dialect}: ${line('bench week feed, 20 in flight, hostile busy reads alongside', withHostile)}`);
  console.log(
    `${dialect}: p99 ratio ${(percentile(withHostile, 99) / percentile(alone, 99)).toFixed(2)}× (hostile reads answered alongside: ${answered}, ${(answered / seconds).toFixed(0)}/s)`,
  );
  const warm = await run(measure, Array(200).fill(busyOf(Date.UTC(2026, 5, 1))), 1);
  console.log(`${dialect}: ${line("hostile workspace's busy week, warm (cached), 1 at a time", warm)}`);
  const coldReads = await run(measure, cold(50), 1);
  console.log(`${dialect}: ${line("hostile workspace's busy week, cold (new range), 1 at a time", coldReads)}`);
  const aloneAgain = await run(measure, Array(1000).fill(week), 20);
  console.log(`${dialect}: ${line('bench week feed, 20 in flight, alone again (noise check)', aloneAgain)}`);
  await measure.terminate();
  await flood.terminate();
  await app.close();
  await cleanup();
}

// Some handle (a pool's lingering socket) can keep the process alive after the last round; a bench
// stops by itself, as the realtime benches do.
process.exit(0);
