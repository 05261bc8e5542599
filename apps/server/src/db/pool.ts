import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './errors.js';
import { currentWaitBudget, WaitBudgetSpent } from './wait-budget.js';

/**
 * The pool as Kysely sees it, with every client guarded while it is checked out:
 * - A connection lost between two statements (the server stopped, the network cut) is an 'error'
 *   event on the client. pg-pool listens only while a client is idle, and an 'error' nobody hears
 *   ends the process; here it marks the client broken.
 * - A broken client — so marked, or whose query failed at the connection level (a query timeout
 *   against a hung server, a cut connection), or which outlived its request's wait budget — refuses
 *   every later statement at once: the ROLLBACK after a failed statement would otherwise queue
 *   behind the stuck one for another query timeout. It is discarded when released, not handed to
 *   the next request; closing it ends whatever transaction it had open.
 * - Inside a request, the wait for a client and each statement are cut when the request's wait
 *   budget runs out (wait-budget.ts).
 */
export function releasingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const budget = currentWaitBudget();
      const client = budget
        ? await budget.wait(
            () => pool.connect(),
            (late) => late.release(),
          )
        : await pool.connect();
      let broken: Error | undefined;
      const markBroken = (error: unknown) => {
        broken ??= error instanceof Error ? error : new Error(String(error));
      };
      client.on('error', markBroken);
      const query = (...args: unknown[]): Promise<unknown> => {
        if (broken) {
          // node-pg's own words for a client that lost its connection (errors.ts counts them as unavailable).
          return Promise.reject(
            new Error('Client has encountered a connection error and is not queryable', { cause: broken }),
          );
        }
        const send = () => (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
        const result = budget ? budget.wait(send) : send();
        // A side branch: the caller still gets the rejection.
        result.catch((error: unknown) => {
          if (error instanceof WaitBudgetSpent || isDatabaseUnavailable(error)) markBroken(error);
        });
        return result;
      };
      return {
        query: query as PostgresPoolClient['query'],
        release: () => {
          client.off('error', markBroken);
          client.release(broken);
        },
      };
    },
    end: () => pool.end(),
  };
}
