import { sql, type Transaction } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

// Bookings of one technician's day take turns (docs/adr/0038-booking-slot-turns.md): in this process in
// arrival order without holding a database connection while they wait, and across processes by a
// PostgreSQL advisory lock whose wait is bounded. Whoever finds the slot gone answers 409 at once.

/** The longest a booking waits for its turn in this process, and then for the advisory lock. */
export const turnWaitMs = 5_000;
export const lockWaitMs = 3_000;

/** The wait for a turn ran out: the caller answers as if the slot were taken (fresh slots offered). */
export class TurnTimeout extends Error {}

const queues = new Map<string, Promise<void>>();

/** Runs `run` when every earlier caller with `key` in this process has finished (or after `waitMs`, TurnTimeout). */
export async function inTurn<T>(key: string, run: () => Promise<T>, waitMs = turnWaitMs): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  let done = () => {};
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  // The next caller waits for this one, whether it runs, fails or gives up waiting.
  const tail = before.then(() => mine);
  queues.set(key, tail);
  let timer: NodeJS.Timeout | undefined;
  try {
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), waitMs);
    });
    if ((await Promise.race([before.then(() => 'turn' as const), late])) === 'late') throw new TurnTimeout();
    return await run();
  } finally {
    clearTimeout(timer);
    done();
    if (queues.get(key) === tail) queues.delete(key);
  }
}

/**
 * Takes the transaction-scoped advisory lock named `key` on PostgreSQL, waiting at most `lockWaitMs`
 * (then TurnTimeout). SQLite needs none: its writers already run one at a time.
 */
export async function lockTurn(trx: Transaction<Database>, dialect: Dialect, key: string): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql.raw(`set local lock_timeout = ${lockWaitMs}`).execute(trx);
  try {
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  } catch (error) {
    // 55P03 lock_not_available: the other process's booking of this day took longer than the bound.
    if ((error as { code?: unknown }).code === '55P03') throw new TurnTimeout();
    throw error;
  }
  await sql`set local lock_timeout to default`.execute(trx);
}
