import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LogEvent,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import { OutageTracker } from './outage.js';
import { releasingBrokenClients } from './pool.js';
import type { Database } from './schema.js';
import type { DbTimeouts } from './wait-budget.js';

export type { DbTimeouts } from './wait-budget.js';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** What it was opened with: a worker thread opens a connection of its own with them (the import's rows phase). */
  opened: DbOpening;
  /** True when the database answers a trivial query within `deadlineMs` (default 1.5 s). */
  ping(deadlineMs?: number): Promise<boolean>;
  /** Connection-level failures seen by requests, until a query succeeds again (one report per outage). */
  outage: OutageTracker;
  /** PostgreSQL's connection pool now (for /metrics); SQLite has one in-process connection and none. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

// node-pg returns bigint (int8) as strings; our instants and seqs fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** How long PostgreSQL may keep a request waiting (the environment's DATABASE_* settings). */
export const defaultDbTimeouts: DbTimeouts = { connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

/** `openDb`'s arguments. */
export interface DbOpening {
  url: string;
  timeouts: DbTimeouts;
}

/** The readiness ping's deadline: a load balancer must learn of a hung database in seconds. */
export const pingDeadlineMs = 1_500;

/**
 * Opens the database named by a `sqlite:`/`file:` path or a `postgres://` URL. `poolMax`: PostgreSQL's
 * pool size (a worker thread's connection of its own needs one or two).
 */
export function openDb(url: string, timeouts: DbTimeouts = defaultDbTimeouts, poolMax = 10): Db {
  const opened: DbOpening = { url, timeouts };
  const outage = new OutageTracker();
  // Every query that succeeds ends an outage (see OutageTracker); failures are judged where they are answered.
  const log = (event: LogEvent) => {
    if (event.level === 'query') outage.succeeded();
  };
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({
      connectionString: url,
      max: poolMax,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
      // Server side: a slow statement is cancelled (57014) and its connection stays usable.
      statement_timeout: timeouts.statementTimeoutMs,
      // Client side, for a server that answers nothing at all (hung, or the network gone): a second
      // later, so a live server's own cancellation comes first.
      query_timeout: timeouts.statementTimeoutMs + 1_000,
      keepAlive: true,
    });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it and /readyz reports the database's state. Checked-out clients: pool.ts.
    pool.on('error', (error) => console.error(`postgres: idle client error: ${error.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: releasingBrokenClients(pool) }), log });
    // The readiness ping's own connection, so it never queues behind requests waiting for the pool's.
    const pinger = pingPool(url);
    return {
      kysely,
      dialect: 'postgres',
      opened,
      outage,
      ping: (deadlineMs = pingDeadlineMs) =>
        withDeadline(
          // With its own query timeout: a timed-out ping's client is discarded, not reused.
          pinger.query(pingQuery(deadlineMs)).then(() => {
            outage.succeeded();
            return true;
          }),
          deadlineMs,
        ),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
      close: async () => {
        await Promise.all([kysely.destroy(), pinger.end()]);
      },
    };
  }
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({
    dialect: new WriterFirstSqliteDialect({ database: withStatementCache(sqlite) }),
    log,
  });
  return {
    kysely,
    dialect: 'sqlite',
    opened,
    outage,
    ping: (deadlineMs = pingDeadlineMs) => withDeadline(pingWith(kysely), deadlineMs),
    close: () => kysely.destroy(),
  };
}

/**
 * SQLite's dialect with transactions begun `IMMEDIATE`: the writer lock is taken (or waited for, up to
 * the busy timeout) first. A second connection writes to the same file (the import's worker thread,
 * docs/adr/0036-import-rows-off-the-event-loop.md), and a deferred transaction that read before that
 * connection committed could not become a writer afterwards: SQLite answers SQLITE_BUSY at once,
 * without waiting.
 */
class WriterFirstSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new WriterFirstSqliteDriver(this.settings);
  }
}

class WriterFirstSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Prepared statements kept per SQL text: Kysely's SQLite driver prepares every query anew. */
const statementCacheSize = 500;

/**
 * better-sqlite3 as Kysely's driver sees it, with `prepare` answered from a bounded cache (least
 * recently used out). Preparing was ≈ 10 % of a simple authenticated request's CPU. Reuse is safe:
 * the driver runs one statement at a time to completion (`all`/`run`), and SQLite re-prepares a
 * cached statement itself when the schema changes under it.
 */
export function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}

async function pingWith(kysely: Kysely<Database>): Promise<boolean> {
  await kysely
    .selectFrom('users')
    .select((eb) => eb.lit(1).as('one'))
    .limit(1)
    .execute();
  return true;
}

/**
 * One connection for readiness pings, made on first use and closed after a minute unused: a new
 * connection to a hung server is given up on after the ping deadline, and a ping that queued for it
 * still answers at its deadline (`withDeadline`).
 */
function pingPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    connectionTimeoutMillis: pingDeadlineMs,
    idleTimeoutMillis: 60_000,
    keepAlive: true,
  });
  pool.on('error', (error) => console.error(`postgres: readiness connection error: ${error.message}`));
  return pool;
}

/** node-pg reads a per-query `query_timeout` that its type definitions leave out. */
const pingQuery = (deadlineMs: number) =>
  ({ text: 'SELECT 1 FROM users LIMIT 1', query_timeout: deadlineMs }) as pg.QueryConfig;

/** `check`'s answer, or false when it fails or `deadlineMs` passes first. */
function withDeadline(check: Promise<boolean>, deadlineMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  return Promise.race([check.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/** Brings the schema to the newest migration on this connection's view; throws with the failing migration's error. */
async function migrateToLatest(kysely: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** PostgreSQL advisory lock key held while one process migrates (any fixed number; "FPMG"). */
const migrationLockKey = 0x46504d47;
/** How often a waiting process asks again for the migration lock. */
const migrationLockPollMs = 250;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Brings the schema to the newest migration; throws with the failing migration's error. Several
 * processes may start at once on one database (a rolling upgrade, `compose up` with two replicas):
 * one migrates, the others wait and then find nothing left to do (docs/DEPLOY.md, "Upgrades").
 * - PostgreSQL: a session advisory lock on a connection of its own, asked for again every 250 ms —
 *   not waited on inside a statement, where the statement timeout would end the wait of a process
 *   behind a long migration. Kysely's own lock then runs the migrations in one transaction.
 * - SQLite: the whole run in one `BEGIN IMMEDIATE` transaction (Kysely runs SQLite migrations
 *   without one): the writer lock is taken first, so a second process waits, then reads the
 *   migrations already applied; and a run that fails leaves nothing half-applied. So a migration
 *   must not open a transaction of its own (SQLite has no nested BEGIN).
 */
export async function migrate(db: Db, log: (message: string) => void = () => {}): Promise<void> {
  if (db.dialect === 'postgres') {
    await db.kysely.connection().execute(async (lock) => {
      let told = false;
      for (;;) {
        const { rows } = await sql<{
          locked: boolean;
        }>`select pg_try_advisory_lock(${migrationLockKey}) as locked`.execute(lock);
        if (rows[0]?.locked) break;
        if (!told) log('migrations: another process is migrating the database, waiting for it');
        told = true;
        await sleep(migrationLockPollMs);
      }
      try {
        await migrateToLatest(db.kysely);
      } finally {
        await sql`select pg_advisory_unlock(${migrationLockKey})`.execute(lock);
      }
    });
    return;
  }
  let told = false;
  for (;;) {
    try {
      // Waits up to the busy timeout (5 s) for another process's write, then says SQLITE_BUSY.
      await sql`begin immediate`.execute(db.kysely);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
      if (!told) log('migrations: another process is migrating the database, waiting for it');
      told = true;
    }
  }
  try {
    await migrateToLatest(db.kysely);
    await sql`commit`.execute(db.kysely);
  } catch (error) {
    await sql`rollback`.execute(db.kysely);
    throw error;
  }
}
