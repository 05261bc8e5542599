import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** PostgreSQL's connection pool now (for /metrics); SQLite has one in-process connection and none. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

// node-pg returns bigint (int8) as strings; our instants and seqs fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database named by a `sqlite:`/`file:` path or a `postgres://` URL. */
export function openDb(url: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const poolMax = 10;
    const pool = new pg.Pool({ connectionString: url, max: poolMax });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it and /readyz reports the database's state.
    pool.on('error', (error) => console.error(`postgres: idle client error: ${error.message}`));
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kysely,
      dialect: 'postgres',
      ping: () => pingWith(kysely),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolMax }),
      close: () => kysely.destroy(),
    };
  }
  const file = url.replace(/^(sqlite|file):(\/\/)?/, '');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { kysely, dialect: 'sqlite', ping: () => pingWith(kysely), close: () => kysely.destroy() };
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
  try {
    await kysely
      .selectFrom('users')
      .select((eb) => eb.lit(1).as('one'))
      .limit(1)
      .execute();
    return true;
  } catch {
    return false;
  }
}

/** Brings the schema to the newest migration; throws with the failing migration's error. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
