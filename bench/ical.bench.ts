// iCalendar feeds, on SQLite and PostgreSQL:
// - import: a 10,000-event feed (9,600 one-offs over a year, 400 weekly series with a moved
//   occurrence each) — parse + store + the first expansion of a week; target ≤ 1 s;
// - export: the calendar-week seed (2,000 jobs, 400 weekly series) as one workspace link over real
//   HTTP, one request at a time; target ≤ 200 ms.

import { dayMs } from '@fieldplan/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { hashToken, randomToken } from '../apps/server/src/lib/crypto.js';
import { newId } from '../apps/server/src/lib/ids.js';
import { busyIntervals } from '../apps/server/src/modules/feeds/busy.js';
import { parseFeed } from '../apps/server/src/modules/feeds/ical/parse.js';
import { storeLoaded } from '../apps/server/src/modules/feeds/refresh.js';
import { newFeedRow } from '../apps/server/src/modules/feeds/service.js';
import { seedWeek } from './calendar-week.seed.js';
import { benchDb, fmt, percentile } from './support.js';

const zone = 'Europe/Berlin';
const stamp = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const local = (ms: number) => stamp(ms).replace('Z', '');

/** A 10,000-event calendar as Google would write it (TZID'd times, CRLF). */
function bigFeed(): Buffer {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Fieldplan bench//EN'];
  const year = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 9_600; i++) {
    const start = year + Math.floor((i / 9_600) * 365) * dayMs + (7 + (i % 10)) * 3_600_000;
    lines.push(
      'BEGIN:VEVENT',
      `UID:one-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${zone}:${local(start)}`,
      `DTEND;TZID=${zone}:${local(start + 3_600_000)}`,
      `SUMMARY:Appointment ${i}`,
      'END:VEVENT',
    );
  }
  for (let i = 0; i < 400; i++) {
    const start = year + (i % 7) * dayMs + (8 + (i % 9)) * 3_600_000;
    const moved = start + 21 * dayMs;
    lines.push(
      'BEGIN:VEVENT',
      `UID:series-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `DTSTART;TZID=${zone}:${local(start)}`,
      `DTEND;TZID=${zone}:${local(start + 1_800_000)}`,
      i % 2 === 0 ? 'RRULE:FREQ=WEEKLY' : 'RRULE:FREQ=WEEKLY;COUNT=52',
      `SUMMARY:Weekly ${i}`,
      'END:VEVENT',
      'BEGIN:VEVENT',
      `UID:series-${i}@bench`,
      'DTSTAMP:20260101T000000Z',
      `RECURRENCE-ID;TZID=${zone}:${local(moved)}`,
      `DTSTART;TZID=${zone}:${local(moved + 3_600_000)}`,
      `DTEND;TZID=${zone}:${local(moved + 5_400_000)}`,
      `SUMMARY:Weekly ${i} (moved)`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const body = bigFeed();
const runs = 5;

for (const dialect of ['sqlite', 'postgres'] as const) {
  const { db, cleanup } = await benchDb(dialect);
  await seedWeek(db);
  const wsRow = await db.kysely.selectFrom('workspaces').select('id').executeTakeFirstOrThrow();
  const workspaceId = wsRow.id;

  // Import.
  const totals: number[] = [];
  const parts = { parse: [] as number[], store: [] as number[], expand: [] as number[] };
  let busyCount = 0;
  for (let run = 0; run < runs + 1; run++) {
    const now = Date.now();
    const feed = newFeedRow(
      workspaceId,
      {
        name: 'Bench',
        url: 'https://calendar.example.com/bench.ics',
        colour: '#009E73',
        memberId: null,
        refreshMinutes: 60,
      },
      now,
    );
    await db.kysely.insertInto('feed_subscriptions').values(feed).execute();
    const t0 = performance.now();
    const parsed = parseFeed(body, zone);
    const t1 = performance.now();
    await storeLoaded(
      db.kysely,
      feed,
      { kind: 'ok', parsed, hash: `run-${run}`, validators: { etag: null, lastModified: null }, cpuMs: 0 },
      null,
    );
    const t2 = performance.now();
    const week = { start: Date.UTC(2026, 5, 1) - 2 * 3_600_000, end: Date.UTC(2026, 5, 8) - 2 * 3_600_000 };
    busyCount = (await busyIntervals(db.kysely, workspaceId, zone, week)).filter((b) => b.feedId === feed.id).length;
    const t3 = performance.now();
    await db.kysely.deleteFrom('feed_events').where('feed_id', '=', feed.id).execute();
    await db.kysely.deleteFrom('feed_subscriptions').where('id', '=', feed.id).execute();
    if (run === 0) continue; // warm-up
    parts.parse.push(t1 - t0);
    parts.store.push(t2 - t1);
    parts.expand.push(t3 - t2);
    totals.push(t3 - t0);
  }
  const med = (v: number[]) => fmt(percentile(v, 50));
  console.log(
    `${dialect}: import of 10,000 events (${(body.length / 1024).toFixed(0)} KB): median ${med(totals)} ` +
      `(parse ${med(parts.parse)}, store ${med(parts.store)}, first week expanded ${med(parts.expand)} → ${busyCount} busy), ` +
      `max ${fmt(Math.max(...totals))} over ${runs} runs`,
  );

  // Export over HTTP.
  const token = randomToken(32);
  await db.kysely
    .insertInto('feed_tokens')
    .values({
      id: newId(),
      workspace_id: workspaceId,
      member_id: null,
      token_hash: hashToken(token),
      hint: token.slice(-4),
      created_by: null,
      created_at: Date.now(),
      revoked_at: null,
    })
    .execute();
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, feeds: { background: false } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${address}/ical/${token}.ics`;
  const latencies: number[] = [];
  let bytes = 0;
  let etag = '';
  for (let i = 0; i < 25; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    const text = await res.text();
    if (i >= 5) latencies.push(performance.now() - t0);
    bytes = text.length;
    etag = res.headers.get('etag') ?? '';
  }
  const notModified: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { 'if-none-match': etag } });
    await res.arrayBuffer();
    notModified.push(performance.now() - t0);
  }
  console.log(
    `${dialect}: export of 2,000 jobs (400 series), ${(bytes / 1024).toFixed(0)} KB: p50 ${fmt(percentile(latencies, 50))}, ` +
      `p99 ${fmt(percentile(latencies, 99))} over ${latencies.length}; 304 p50 ${fmt(percentile(notModified, 50))}`,
  );
  await app.close();
  await cleanup();
}
