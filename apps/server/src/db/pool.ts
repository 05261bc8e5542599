import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './errors.js';

/**
 * The pool as Kysely sees it, except that a client whose query failed at the connection level (a
 * query timeout against a hung server, a cut connection) is discarded when released instead of being
 * handed to the next request: after a client-side timeout the old query still occupies it, and every
 * later query on it would wait behind that one.
 */
export function releasingBrokenClients(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let broken: Error | undefined;
      const query = (...args: unknown[]): unknown => {
        const result = (client.query as (...a: unknown[]) => unknown)(...args);
        if (result instanceof Promise) {
          // A side branch: the caller still gets the rejection.
          result.catch((error: unknown) => {
            if (isDatabaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
          });
        }
        return result;
      };
      return {
        query: query as PostgresPoolClient['query'],
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}
