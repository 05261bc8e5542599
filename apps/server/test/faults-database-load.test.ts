import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Db, type DbTimeouts, migrate, openDb } from '../src/db/database.js';
import { createReporter, type Reporter } from '../src/monitoring/reporter.js';
import { startLoad } from './database-load.js';
import { type Client, signUpOwner } from './harness.js';
import { expectProblem, type Res } from './helpers.js';
import { type PgInstance, startPgInstance } from './pg-instance.js';
import { createJob } from './schedule-helpers.js';
import { type SentryEnvelope, type SentryIngest, startSentryIngest } from './sentry-ingest.js';

/**
 * PostgreSQL stopped (`pg_ctl stop -m immediate`) and frozen (SIGSTOP) while 8 writers patch jobs and
 * 3 readers read the calendar, on a cluster of this file's own (whichever suite runs). The app runs
 * with its background work on (notification sender, feed refresh, import sweep, periodic jobs), so
 * their connections meet the faults too (docs/adr/0018-faults-and-shutdown.md).
 *
 * No timing is asserted: readiness is polled with a bound (15 s after the database is back), and the
 * frozen database's bound is "answered while it is still frozen", the freeze kept well past the
 * ceiling a request may wait (connect + statement + 1 s).
 */
const timeouts: DbTimeouts = { connectTimeoutMs: 1_000, statementTimeoutMs: 5_000 };
const ceilingMs = timeouts.connectTimeoutMs + timeouts.statementTimeoutMs + 1_000;
const writers = 8;
const readers = 3;
const isEvent = (e: SentryEnvelope) => e.items.some((i) => i.header.type === 'event');

type Phase = 'up' | 'down' | 'back';

/** An outage's answer: 503 `unavailable`, Retry-After 5. */
function expectUnavailable(res: Res, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expectProblem(res, 503, 'unavailable');
  expect(res.headers['retry-after']).toBe('5');
}

describe('the database stopped and frozen under load', () => {
  let cluster: PgInstance;
  let db: Db;
  let app: FastifyInstance;
  let ingest: SentryIngest;
  let reporter: Reporter;
  /** One workspace per writer: writers of one workspace would queue on its change log's lock instead. */
  let owners: { client: Client; workspaceId: string }[];
  /** Signed in, but silent until it probes /readyz with its cookie while the database is frozen. */
  let prober: { client: Client };
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    cluster = await startPgInstance();
    try {
      db = openDb(cluster.url, timeouts);
      await migrate(db);
      ingest = await startSentryIngest();
      const config = {
        // The notification sender polls often, so it is mid-query when the database goes.
        ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SENTRY_DSN: ingest.dsn, NOTIFICATIONS_POLL_MS: '100' }),
        WEB_DIST: '',
      };
      reporter = createReporter(config);
      // Background work as in production (notification sender, booking's sweep, periodic jobs), polling often.
      app = await buildApp({
        config,
        db,
        reporter,
        logger: false,
        signInPerMinute: 10_000,
        // Sessions are read again after half a second: the prober's is not remembered when it probes.
        sessionCacheMs: 500,
        feeds: { background: true, intervalMs: 100 },
        imports: { sweepMs: 100 },
      });
      // A request whose statements each stay within the statement timeout, in one transaction.
      app.post<{ Body: { statements: number; seconds: number } }>('/test/slow-transaction', async (request) => {
        await db.kysely.transaction().execute(async (trx) => {
          await trx.insertInto('periodic_runs').values({ name: 'slow-transaction', next_run_at: 0 }).execute();
          for (let i = 0; i < request.body.statements; i += 1)
            await sql`select pg_sleep(${request.body.seconds})`.execute(trx);
        });
        return { done: true };
      });
      await app.ready();
      [prober, owners] = await Promise.all([
        signUpOwner(app, 'Prober'),
        Promise.all(Array.from({ length: writers }, (_, i) => signUpOwner(app, `Load Owner ${i}`))),
      ]);
    } catch (error) {
      cluster.destroy();
      throw error;
    }
  }, 90_000);
  afterAll(async () => {
    cluster?.thaw();
    await app?.close();
    await db?.close();
    await ingest?.close();
    cluster?.destroy();
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
  });

  const reportsSoFar = async () => {
    await reporter.flush(5_000);
    return ingest.envelopes.filter(isEvent).length;
  };

  /** Polls /readyz until 200, for at most 15 s: the database is back, so the app must be ready within that. */
  const readyWithin15s = async () => {
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      if ((await app.inject('/readyz')).statusCode === 200) return true;
      await sleep(100);
    }
    return false;
  };

  /** A new job for each writer, in its workspace, and the load on them. */
  const startWriting = async (phase: () => Phase) => {
    const jobs = await Promise.all(
      owners.map((owner, i) =>
        createJob(owner, { title: `job ${i}`, start: '2026-03-02T08:00:00Z', end: '2026-03-02T10:00:00Z' }),
      ),
    );
    const load = startLoad(
      jobs.map((job, i) => ({ caller: owners[i] as (typeof owners)[number], job })),
      { readers, calendarOf: owners[0] as (typeof owners)[number], phase },
    );
    return { jobIds: jobs.map((j) => j.id), load };
  };

  /** Every job holds its writer's last acknowledged write, or a later one of the same writer. */
  const expectAcknowledgedWrites = async (jobIds: string[], acked: readonly { n: number; version: number }[]) => {
    const rows = await db.kysely
      .selectFrom('jobs')
      .select(['id', 'title', 'version'])
      .where('id', 'in', jobIds)
      .execute();
    for (const [i, id] of jobIds.entries()) {
      const row = rows.find((r) => r.id === id);
      const written = Number(/^writer \d+ write (\d+)$/.exec(row?.title ?? '')?.[1] ?? 0);
      expect(written, `job ${i}: ${row?.title}`).toBeGreaterThanOrEqual(acked[i]?.n ?? 0);
      expect(row?.version).toBeGreaterThanOrEqual(acked[i]?.version ?? 0);
    }
  };

  it('stopped twice: stays up, answers 503 with Retry-After throughout, is ready again and has every acknowledged write', async () => {
    let phase: Phase = 'up';
    const { jobIds, load } = await startWriting(() => phase);
    try {
      expect(await load.everyWriterAcked([], 15_000)).toBe(true);
      const before = await reportsSoFar();
      for (let round = 1; round <= 2; round += 1) {
        const seenBefore = load.answers.length;
        // Under load: requests are mid-transaction and between statements on checked-out clients.
        await sleep(300);
        cluster.stop();
        phase = 'down';
        await sleep(2_000);
        expect((await app.inject('/readyz')).statusCode).toBe(503);
        const duringOutage = load.answers
          .slice(seenBefore)
          .filter((a) => a.sentIn === 'down' && a.answeredIn === 'down');
        expect(duringOutage.length, `round ${round}: answers during the outage`).toBeGreaterThan(10);
        for (const a of duringOutage) expectUnavailable(a.res, a.what);
        const acked = load.acked.map((a) => a);
        cluster.start();
        phase = 'back';
        expect(await readyWithin15s(), `round ${round}: /readyz 200 within 15 s of the database's return`).toBe(true);
        expect(await load.everyWriterAcked(acked, 15_000), `round ${round}: every writer writes again`).toBe(true);
        phase = 'up';
        expect(crashes.map(String), `round ${round}: uncaught exceptions or unhandled rejections`).toEqual([]);
        expect(await reportsSoFar(), `round ${round}: one report per outage`).toBe(before + round);
      }
    } finally {
      await load.stop();
    }
    // Nothing but 503 went wrong: no 500, and every other answer is a success or a version conflict.
    const odd = load.answers.filter((a) => a.res.statusCode >= 300 && a.res.statusCode !== 412);
    expect(
      odd.filter((a) => a.res.statusCode !== 503).map((a) => `${a.what}: ${a.res.statusCode} ${a.res.body}`),
    ).toEqual([]);
    for (const a of odd) expectUnavailable(a.res, a.what);
    expect(crashes.map(String)).toEqual([]);
    await expectAcknowledgedWrites(jobIds, load.acked);
  }, 90_000);

  it('frozen: every request in flight and /readyz answer 503 while it is still frozen, and all is well once it thaws', async () => {
    let phase: Phase = 'up';
    const { jobIds, load } = await startWriting(() => phase);
    let readyMs = -1;
    try {
      expect(await load.everyWriterAcked([], 15_000)).toBe(true);
      await sleep(300);
      cluster.freeze();
      phase = 'down';
      const frozenAt = Date.now();
      try {
        // In flight now: the load's requests (mid-transaction, waiting on locks, between statements);
        // then a burst while frozen, and no more after it.
        const ready = app.inject('/readyz').then((res) => {
          readyMs = Date.now() - frozenAt;
          return res;
        });
        const probedWithCookie = prober.client.get('/readyz');
        const someone = owners[0] as (typeof owners)[number];
        const burst = Array.from({ length: 8 }, () => someone.client.get('/api/v1/me'));
        load.pause();
        // Kept frozen well past the ceiling: everything must have answered by then.
        await sleep(ceilingMs + 4_000);
        expect(load.inFlight, 'requests still waiting on the frozen database').toBe(0);
        expect(readyMs, '/readyz answered while frozen').toBeGreaterThanOrEqual(0);
        const readiness = await ready;
        expect(readiness.statusCode).toBe(503);
        expect(readiness.json()).toEqual({ status: 'database unavailable', database: 'postgres' });
        for (const res of await Promise.all(burst)) expectUnavailable(res, 'GET /me');
        // A probe sent with a cookie reads no session first: the same readiness answer.
        expect((await probedWithCookie).json()).toEqual({ status: 'database unavailable', database: 'postgres' });
        const frozenAnswers = load.answers.filter((a) => a.answeredIn === 'down');
        for (const a of frozenAnswers.filter((a) => a.sentIn === 'down')) expectUnavailable(a.res, a.what);
        // Measured, not asserted (the bound is "before the thaw").
        console.log(
          `[faults] frozen under load: /readyz answered in ${readyMs} ms; ${frozenAnswers.length} requests in flight, the slowest in ${Math.max(...frozenAnswers.map((a) => a.ms))} ms (ceiling ${ceilingMs} ms)`,
        );
      } finally {
        cluster.thaw();
      }
      phase = 'back';
      load.resume();
      const acked = load.acked.map((a) => a);
      expect(await readyWithin15s()).toBe(true);
      expect(await load.everyWriterAcked(acked, 15_000)).toBe(true);
    } finally {
      await load.stop();
    }
    expect(crashes.map(String)).toEqual([]);
    expect(
      load.answers
        .filter((a) => a.res.statusCode >= 500 && a.res.statusCode !== 503)
        .map((a) => `${a.what}: ${a.res.statusCode} ${a.res.body}`),
    ).toEqual([]);
    await expectAcknowledgedWrites(jobIds, load.acked);
  }, 90_000);

  it("one request's statements share one wait budget: past it, 503 and its transaction rolled back", async () => {
    // Four statements of 2 s, each within the 5 s statement timeout, 8 s in all: past the 7 s budget.
    const res = await app.inject({
      method: 'POST',
      url: '/test/slow-transaction',
      payload: { statements: 4, seconds: 2 },
    });
    expectUnavailable(res, 'POST /test/slow-transaction');
    // Its half-done transaction was not committed, and the pool serves the next request.
    const left = await db.kysely
      .selectFrom('periodic_runs')
      .select('name')
      .where('name', '=', 'slow-transaction')
      .execute();
    expect(left).toEqual([]);
    const quick = await app.inject({
      method: 'POST',
      url: '/test/slow-transaction',
      payload: { statements: 1, seconds: 0 },
    });
    expect(quick.json()).toEqual({ done: true });
  });
});
