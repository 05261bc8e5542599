import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Db, migrate, openDb } from '../src/db/database.js';
import { claimRun, type PeriodicTask, runIfDue } from '../src/db/periodic.js';
import { startPeriodic } from '../src/http/repeat-while-serving.js';
import { sessionPruning } from '../src/http/session-prune.js';
import { locationPruning } from '../src/modules/locations/index.js';
import { signUpOwner } from './harness.js';
import { eventually } from './realtime-harness.js';
import { emptyDatabase } from './shared-database.js';

// Background work once across processes (docs/adr/0031-shared-state-and-background-work.md): two
// Db handles (two connection pools, as two processes have) and two apps on one database.

const hourMs = 60 * 60 * 1000;
const dayMs = 24 * hourMs;

describe('periodic tasks across processes on one database', () => {
  let processA: Db;
  let processB: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const shared = await emptyDatabase();
    drop = shared.drop;
    processA = openDb(shared.url);
    await migrate(processA);
    processB = openDb(shared.url);
  });
  afterAll(async () => {
    await processA.close();
    await processB.close();
    await drop();
  });

  /** A task that counts its runs (the real ones are tested below). */
  function counting(name: string, run: () => Promise<unknown> = async () => {}) {
    const runs: number[] = [];
    const task: PeriodicTask = {
      name,
      everyMs: hourMs,
      leaseMs: 5 * 60_000,
      run: async () => {
        runs.push(1);
        await run();
      },
    };
    return { task, runs };
  }

  it('eight processes asking at once: the due task runs once, then not again until a period after it finished', async () => {
    const { task, runs } = counting('test.once');
    const t0 = 1_800_000_000_000;
    const ask = (now: number) =>
      Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          runIfDue((i % 2 ? processA : processB).kysely, task, `process-${i}`, () => now),
        ),
      );
    const first = await ask(t0);
    expect(first.filter((r) => r === 'ran')).toHaveLength(1);
    expect(runs).toHaveLength(1);
    expect((await ask(t0 + hourMs - 1)).filter((r) => r === 'ran')).toHaveLength(0);
    expect((await ask(t0 + hourMs)).filter((r) => r === 'ran')).toHaveLength(1);
    expect(runs).toHaveLength(2);
  });

  it('a process that dies mid-run holds the task only until its lease expires; then another runs it', async () => {
    const { task, runs } = counting('test.crash');
    const t0 = 1_800_000_000_000;
    // Process A claims and dies: it never finishes nor gives the lease back.
    expect(await claimRun(processA.kysely, task.name, 'dead-process', task.leaseMs, t0)).toBe(true);
    expect(await runIfDue(processB.kysely, task, 'process-b', () => t0 + task.leaseMs - 1)).toBe('skipped');
    expect(runs).toHaveLength(0);
    expect(await runIfDue(processB.kysely, task, 'process-b', () => t0 + task.leaseMs + 1)).toBe('ran');
    expect(runs).toHaveLength(1);
    // The dead process's late finish (had it only been slow) can't move the schedule it no longer holds.
    const row = await processA.kysely
      .selectFrom('periodic_runs')
      .selectAll()
      .where('name', '=', task.name)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ lease_owner: null, next_run_at: t0 + task.leaseMs + 1 + hourMs });
  });

  it('a failed run gives its lease back and is tried again after retryMs, by any process', async () => {
    let fail = true;
    const { task, runs } = counting('test.fails', async () => {
      if (fail) throw new Error('the database said no');
    });
    task.retryMs = 60_000;
    const t0 = 1_800_000_000_000;
    await expect(runIfDue(processA.kysely, task, 'process-a', () => t0)).rejects.toThrow('the database said no');
    expect(await runIfDue(processB.kysely, task, 'process-b', () => t0 + 59_999)).toBe('skipped');
    fail = false;
    expect(await runIfDue(processB.kysely, task, 'process-b', () => t0 + 60_000)).toBe('ran');
    expect(runs).toHaveLength(2);
  });
});

describe('two apps on one database: location history pruning', () => {
  let apps: FastifyInstance[] = [];
  let db: Db;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    ({ url, drop } = await emptyDatabase());
    db = openDb(url);
    await migrate(db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
    await drop();
  });

  async function start(own: Db) {
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), WEB_DIST: '' };
    const app = await buildApp({ config, db: own, logger: false, signInPerMinute: 1000 });
    await app.ready();
    apps.push(app);
    return app;
  }

  it('both apps start; history past 30 days is gone and the hourly run is scheduled once, an hour on', async () => {
    // A first app to make a member whose old ping is to go, stopped before the two start.
    const setup = await start(db);
    const owner = await signUpOwner(setup);
    await setup.close();
    apps = [];
    await db.kysely.deleteFrom('periodic_runs').execute();
    const old = Date.now() - 31 * dayMs;
    await db.kysely
      .insertInto('location_pings')
      .values({
        workspace_id: owner.workspaceId,
        member_id: owner.memberId,
        lat: 1,
        lng: 1,
        accuracy_m: 5,
        heading: null,
        at: old,
        received_at: old,
      })
      .execute();
    const before = Date.now();
    const second = openDb(url);
    try {
      await Promise.all([start(db), start(second)]);
      const row = () =>
        db.kysely.selectFrom('periodic_runs').selectAll().where('name', '=', 'locations.prune').executeTakeFirst();
      await eventually(async () => (await row())?.last_finished_at != null, 5000, 'the pruning run');
      const pings = await db.kysely.selectFrom('location_pings').select('received_at').execute();
      expect(pings).toHaveLength(0);
      const done = await row();
      expect(done?.lease_owner).toBeNull();
      expect(Number(done?.next_run_at)).toBeGreaterThanOrEqual(before + hourMs);
      // Whichever process looks next within the hour finds nothing due.
      const task = locationPruning(db);
      expect(await runIfDue(second.kysely, task, 'a-third-process')).toBe('skipped');
    } finally {
      for (const app of apps) await app.close();
      apps = [];
      await second.close();
    }
  });
});

describe('a draining process starts no background run', () => {
  let db: Db;
  let drop: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    const shared = await emptyDatabase();
    drop = shared.drop;
    db = openDb(shared.url);
    await migrate(db);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
    await drop();
  });

  it('after SIGTERM (draining) the process leaves due tasks to the others; a running one still runs them', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), WEB_DIST: '' };
    const draining = await buildApp({ config, db, logger: false });
    const running = await buildApp({ config, db, logger: false });
    apps.push(draining, running);
    let drainingRuns = 0;
    let runningRuns = 0;
    // Due again 1 ms after each run, looked at every 20 ms.
    const task = (name: string, count: () => void) => ({
      name,
      everyMs: 1,
      leaseMs: 60_000,
      checkMs: 20,
      run: async () => count(),
    });
    startPeriodic(
      draining,
      db,
      task('test.draining', () => drainingRuns++),
    );
    startPeriodic(
      running,
      db,
      task('test.running', () => runningRuns++),
    );
    draining.draining = true;
    await Promise.all([draining.ready(), running.ready()]);
    await eventually(() => runningRuns >= 5, 10_000, 'five runs in the process that is not stopping');
    expect(drainingRuns).toBe(0);
  });
});

describe('expired sessions are deleted daily, once across processes', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  beforeAll(async () => {
    const shared = await emptyDatabase();
    drop = shared.drop;
    db = openDb(shared.url);
    await migrate(db);
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), WEB_DIST: '' };
    app = await buildApp({ config, db, logger: false, signInPerMinute: 1000 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await drop();
  });

  it('a signed-in session stays, an expired row goes, and the next run is a day on', async () => {
    const owner = await signUpOwner(app);
    const t0 = Date.now();
    await db.kysely
      .insertInto('sessions')
      .values({ id_hash: 'expired-session', user_id: owner.userId, created_at: t0 - 40 * dayMs, expires_at: t0 - 1 })
      .execute();
    // The app's own first run may have come first; either way one more run a day on finds the row.
    const task = sessionPruning(db, () => t0 + dayMs + 1);
    await runIfDue(db.kysely, task, 'process-a', () => t0 + dayMs + 1);
    const left = await db.kysely.selectFrom('sessions').select(['id_hash', 'user_id']).execute();
    expect(left.map((s) => s.id_hash)).not.toContain('expired-session');
    expect(left.filter((s) => s.user_id === owner.userId)).toHaveLength(1);
    expect((await owner.client.get('/api/v1/me')).statusCode).toBe(200);
    expect(await runIfDue(db.kysely, task, 'process-b', () => t0 + dayMs + 2)).toBe('skipped');
  });
});
