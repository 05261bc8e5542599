import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTransactionConflict } from '../src/db/errors.js';
import { registerProblemHandler } from '../src/http/problem.js';
import type { Reporter } from '../src/monitoring/reporter.js';
import { createTestDb, testDialect } from './harness.js';
import { expectProblem } from './helpers.js';

/**
 * A PostgreSQL deadlock (40P01) or serialization failure (40001) that reaches the error handler:
 * one lock order per write should leave none (docs/adr/0030-online-booking.md, "Lock order"), but one
 * that slips through is a retryable 503 `unavailable`, logged as a warning and not reported — never a 500.
 */
describe('a transaction that met another at once', () => {
  let app: FastifyInstance;
  let thrown: unknown;
  const logged: { level: number; msg: string }[] = [];
  const reported: unknown[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(JSON.parse(String(chunk)) as { level: number; msg: string });
        done();
      },
    });
    app = Fastify({ logger: { level: 'warn', stream } });
    const reporter: Reporter = {
      enabled: true,
      captureRequestError: (error) => {
        reported.push(error);
        return 'f'.repeat(32);
      },
      flush: async () => true,
    };
    registerProblemHandler(app, reporter);
    app.post('/write', async () => {
      throw thrown;
    });
    await app.ready();
  });
  afterAll(() => app.close());

  async function answer(error: unknown) {
    thrown = error;
    logged.length = 0;
    reported.length = 0;
    return app.inject({ method: 'POST', url: '/write' });
  }

  it.each([
    ['a deadlock', Object.assign(new Error('deadlock detected'), { code: '40P01' })],
    ['a serialization failure', Object.assign(new Error('could not serialize access'), { code: '40001' })],
    ['one wrapped', new Error('while saving', { cause: Object.assign(new Error('deadlock'), { code: '40P01' }) })],
  ])('%s is a 503 `unavailable` with Retry-After 1, a warning, no report', async (_name, error) => {
    const res = await answer(error);
    expectProblem(res, 503, 'unavailable');
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toMatchObject({ retryAfter: 1 });
    expect(logged.map((l) => l.level)).toEqual([40]);
    expect(reported).toEqual([]);
  });

  it('another database error is still a 500, reported and logged as an error', async () => {
    const res = await answer(Object.assign(new Error('division by zero'), { code: '22012' }));
    expectProblem(res, 500, 'internal');
    expect(logged.map((l) => l.level)).toEqual([50]);
    expect(reported).toHaveLength(1);
  });

  // SQLite serialises writers (BEGIN IMMEDIATE): only PostgreSQL can detect a deadlock, so the case
  // exists in the PostgreSQL run only (registered, not skipped: a skip in a run reads as a gap).
  if (testDialect === 'postgres') {
    it('a real PostgreSQL deadlock is recognised and answered 503', async () => {
      const { db, cleanup } = await createTestDb('postgres');
      try {
        // Two transactions take two locks in opposite orders; PostgreSQL aborts one of them.
        let arrived = 0;
        let release: () => void = () => {};
        const bothHold = new Promise<void>((resolve) => {
          release = resolve;
        });
        const crossed = (first: number, second: number) =>
          db.kysely.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(${first})`.execute(trx);
            arrived += 1;
            if (arrived === 2) release();
            await bothHold;
            await sql`select pg_advisory_xact_lock(${second})`.execute(trx);
          });
        const results = await Promise.allSettled([crossed(1, 2), crossed(2, 1)]);
        const failed = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
        expect(failed).toHaveLength(1);
        expect(isTransactionConflict(failed[0])).toBe(true);
        const res = await answer(failed[0]);
        expectProblem(res, 503, 'unavailable');
        expect(res.headers['retry-after']).toBe('1');
      } finally {
        await cleanup();
      }
    });
  }
});
