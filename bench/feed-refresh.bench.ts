// Costly feed refreshes next to someone else's calendar, on SQLite and PostgreSQL. Workspace
// "bench" (the calendar-week seed: 50 technicians, 2,000 jobs) has no feeds; workspace "hostile"
// subscribes two feeds of 3 series every 10 minutes × 10,000 EXDATEs each (1.3 MB, served from
// loopback without validators, so every refresh fetches and reads the whole file). Over real HTTP,
// the load in a worker thread like browsers elsewhere:
// - the CPU one refresh of such a feed costs the parse thread;
// - the bench workspace's week, 20 in flight, p50/p99: alone; while the hostile workspace presses
//   "refresh now" on its two feeds non-stop (one after the other) with the default refresh budget;
//   the same with the budget lifted (what the lower thread priority and EXDATE lookups do alone);
//   the same at normal thread priority too (what the priority does); alone again. Target: p99 with refreshes within 1.5× of alone.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { parseInWorker, useIcalThreads } from '../apps/server/src/modules/feeds/ical/pool.js';
import { refreshBudgetLimits } from '../apps/server/src/modules/feeds/refresh-budget.js';
import { createWorkspaceWithOwner } from '../apps/server/src/modules/members/index.js';
import { hostileExdates } from '../apps/server/test/feeds/hostile-exdates.js';
import { seedWeek } from './calendar-week.seed.js';
import { run, startClient } from './load-client.js';
import { benchDb, fmt, percentile } from './support.js';

const zone = 'Europe/Berlin';
const feedBody = hostileExdates(Date.now());

const line = (label: string, latencies: number[]) =>
  `${label.padEnd(62)} p50 ${fmt(percentile(latencies, 50)).padStart(9)}  p99 ${fmt(percentile(latencies, 99)).padStart(9)}  (${latencies.length})`;

const icalHost = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(feedBody);
});
await new Promise<void>((resolve) => icalHost.listen(0, '127.0.0.1', resolve));
const icalOrigin = `http://127.0.0.1:${(icalHost.address() as AddressInfo).port}`;

const cpu: number[] = [];
for (let i = 0; i < 3; i++) {
  cpu.push((await parseInWorker({ bytes: Buffer.from(feedBody), zone, now: Date.now() })).cpuMs);
}
console.log(
  `one refresh's read of a hostile feed (${(feedBody.length / 1e6).toFixed(1)} MB): ${cpu.join(', ')} ms CPU`,
);

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
  // "Refresh now" unlimited per minute: the refreshes run back to back, the worst case for the neighbour.
  const env = { LOG_LEVEL: 'silent', FEEDS_ALLOW_LOOPBACK: '1', FEED_REFRESH_PER_MINUTE: '100000' };
  const config = { ...loadConfig(env), WEB_DIST: '' };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000, feeds: { background: false } });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const signIn = await fetch(`${address}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: address },
    body: JSON.stringify(login),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const memberships = ((await signIn.json()) as { memberships: { workspaceId: string; workspaceSlug: string }[] })
    .memberships;
  const benchWs = memberships.find((m) => m.workspaceSlug === 'bench')?.workspaceId;
  const api = (path: string, method = 'GET', body?: unknown) =>
    fetch(`${address}/api/v1/workspaces/${path}`, {
      method,
      headers: { cookie, origin: address, ...(body !== undefined && { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const feedIds: string[] = [];
  for (const n of [1, 2]) {
    const res = await api(`${hostile.id}/feeds`, 'POST', {
      name: `Hostile ${n}`,
      url: `${icalOrigin}/hostile-${n}.ics`,
      colour: '#D55E00',
    });
    if (res.status !== 201) throw new Error(`subscribing: ${res.status} ${await res.text()}`);
    feedIds.push(((await res.json()) as { id: string }).id);
  }
  const week = `${address}/api/v1/workspaces/${benchWs}/calendar/events?start=2026-06-01&end=2026-06-08`;

  /** "Refresh now" on both feeds in turn until stopped; counts refreshes that read the file and deferred ones. */
  const refreshing = () => {
    let stopped = false;
    const counts = { read: 0, deferred: 0 };
    const done = (async () => {
      for (let i = 0; !stopped; i++) {
        const res = await api(`${hostile.id}/feeds/${feedIds[i % 2]}/refresh`, 'POST', {});
        if (res.status !== 200) throw new Error(`refreshing: ${res.status} ${await res.text()}`);
        const feed = (await res.json()) as { lastError: string | null };
        if (feed.lastError?.startsWith('deferred:')) {
          counts.deferred++;
          // A deferred refresh answers at once: press again a little later, as a person would.
          await new Promise((resolve) => setTimeout(resolve, 50));
        } else counts.read++;
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        await done;
        return counts;
      },
    };
  };

  const measure = startClient(cookie);
  await run(measure, Array(1000).fill(week), 20); // warm-up
  const alone = await run(measure, Array(5000).fill(week), 20);
  console.log(`${dialect}: ${line('bench week, 20 in flight, alone', alone)}`);

  const withBudget = refreshing();
  const budgeted = await run(measure, Array(5000).fill(week), 20);
  const counted = await withBudget.stop();
  console.log(`${dialect}: ${line('bench week, hostile refreshes alongside (default budget)', budgeted)}`);
  console.log(
    `${dialect}:   p99 ratio ${(percentile(budgeted, 99) / percentile(alone, 99)).toFixed(2)}× — refreshes read ${counted.read}, deferred ${counted.deferred}`,
  );

  const saved = { ...refreshBudgetLimits };
  refreshBudgetLimits.cpuMs = Number.POSITIVE_INFINITY;
  const unbounded = refreshing();
  const lifted = await run(measure, Array(5000).fill(week), 20);
  const countedLifted = await unbounded.stop();
  Object.assign(refreshBudgetLimits, saved);
  console.log(`${dialect}: ${line('bench week, hostile refreshes alongside (budget lifted)', lifted)}`);
  console.log(
    `${dialect}:   p99 ratio ${(percentile(lifted, 99) / percentile(alone, 99)).toFixed(2)}× — refreshes read ${countedLifted.read}`,
  );

  // What the lower priority does: the same with the parse thread at normal priority.
  refreshBudgetLimits.cpuMs = Number.POSITIVE_INFINITY;
  useIcalThreads({ nice: 0 });
  const normal = refreshing();
  const unniced = await run(measure, Array(5000).fill(week), 20);
  const countedNormal = await normal.stop();
  Object.assign(refreshBudgetLimits, saved);
  useIcalThreads({});
  console.log(`${dialect}: ${line('bench week, refreshes alongside (budget lifted, normal priority)', unniced)}`);
  console.log(
    `${dialect}:   p99 ratio ${(percentile(unniced, 99) / percentile(alone, 99)).toFixed(2)}× — refreshes read ${countedNormal.read}`,
  );

  const aloneAgain = await run(measure, Array(5000).fill(week), 20);
  console.log(`${dialect}: ${line('bench week, alone again (noise check)', aloneAgain)}`);
  await measure.terminate();
  await app.close();
  await cleanup();
}

icalHost.close();
// Some handle (a pool's lingering socket) can keep the process alive after the last round; a bench
// stops by itself, as the other benches do.
process.exit(0);
