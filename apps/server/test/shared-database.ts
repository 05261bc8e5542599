import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testDialect } from './harness.js';

const pgAdminUrl = process.env.FIELDPLAN_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * An empty database (not migrated) that several "processes" — Db handles, apps, or real server
 * processes — open by its URL, as N Fieldplan processes share one in production. `drop` removes it.
 */
export async function emptyDatabase(
  dialect: 'sqlite' | 'postgres' = testDialect,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'postgres') {
    const name = `fieldplan_shared_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgAdminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const a = new pg.Client({ connectionString: pgAdminUrl });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-shared-'));
  return {
    url: `sqlite:${path.join(dir, 'shared.sqlite')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
