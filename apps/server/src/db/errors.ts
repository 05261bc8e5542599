import { waitBudgetSpentCode } from './wait-budget.js';

/**
 * True when `error` is a unique-constraint violation on `table.column`, from SQLite or PostgreSQL:
 * when two requests race past a "is it taken?" check, the unique index decides.
 */
export function isUniqueViolation(error: unknown, table: string, column: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown; table?: unknown; detail?: unknown };
  if (e.code === '23505') {
    return e.table === table && typeof e.detail === 'string' && e.detail.startsWith(`Key (${column})=`);
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return typeof e.message === 'string' && e.message.includes(`${table}.${column}`);
  }
  return false;
}

/** Socket errors of a database connection that could not be made or was cut. */
const socketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that say "not now" rather than "not this": class 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator, crash shutdown, starting up or shutting down), 53300
 * (too many connections), 57014 (cancelled: our statement_timeout).
 */
const postgresUnavailable = /^(08...|57P0[123]|53300|57014)$/;

/**
 * node-pg's own errors carry no code, only these messages: the pool's connect timeout, the client's
 * query timeout, and a connection that ended or broke under a query.
 */
const pgMessages = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

/**
 * True when `error` says the database could not be reached or did not answer in time — a fault of
 * the service, not of the request: the caller gets 503 with Retry-After and may retry the same call.
 * SQLite's SQLITE_BUSY (still locked after the busy timeout) counts too: the write may succeed later.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (socketCodes.has(e.code) || postgresUnavailable.test(e.code)) return true;
    // A request that waited on the database for as long as it may (wait-budget.ts).
    if (e.code === waitBudgetSpentCode) return true;
    if (e.code === 'SQLITE_BUSY' || e.code.startsWith('SQLITE_BUSY_')) return true;
  }
  if (typeof e.message === 'string' && pgMessages.some((m) => (e.message as string).startsWith(m))) return true;
  // Node's happy-eyeballs connect fails with an AggregateError of one error per address tried.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * True when PostgreSQL aborted the transaction because it met another one at once — a deadlock
 * (40P01) or a serialization failure (40001): nothing was written and the same request may simply be
 * sent again. One lock order per write (docs/adr/0030-online-booking.md, "Lock order") should leave
 * none; one that still happens is a retryable answer, not a 500.
 */
export function isTransactionConflict(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const e = error as { code?: unknown; cause?: unknown };
  if (e.code === '40P01' || e.code === '40001') return true;
  return isTransactionConflict(e.cause, depth + 1);
}
