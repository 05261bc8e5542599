import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { requestWaitLimitMs, WaitBudget, withWaitBudget } from '../db/wait-budget.js';

/**
 * Gives every request on PostgreSQL one budget for all its waits on the database (connections and
 * statements together), so a frozen database answers it 503 within the documented ceiling instead
 * of once per statement (docs/adr/0018-faults-and-shutdown.md). Register before any hook that reads
 * the database (the session lookup). SQLite needs none: its statements run in-process, bounded by
 * the busy timeout, and the storage would cost every request (db/outbox.ts, on AsyncLocalStorage).
 */
export function registerDatabaseWaitBudget(app: FastifyInstance, db: Db): void {
  if (db.dialect !== 'postgres') return;
  const limitMs = requestWaitLimitMs(db.opened.timeouts);
  const budgets = new WeakMap<FastifyRequest, WaitBudget>();
  app.addHook('onRequest', (request, reply, done) => {
    const budget = new WaitBudget(limitMs);
    budgets.set(request, budget);
    // Answered, or the client gone ('close' comes either way): what the request started and goes on
    // (an import, a publishing queue) keeps its context but not its limit.
    reply.raw.once('close', () => budget.close());
    withWaitBudget(budget, done);
  });
  // Again before the handler: reading a body (stream events) leaves the context the hook entered.
  app.addHook('preHandler', (request, _reply, done) => {
    const budget = budgets.get(request);
    if (budget) withWaitBudget(budget, done);
    else done();
  });
}
