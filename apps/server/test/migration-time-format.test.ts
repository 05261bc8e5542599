import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { createTestDb } from './harness.js';

describe('migration 0010: the time format of workspaces made before it', () => {
  let db: Db;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb());
  });
  afterAll(() => cleanup());

  it('gives a workspace made before it 24 h and day first, keeping its first day of the week', async () => {
    const kysely = db.kysely as unknown as Kysely<unknown>;
    const migrator = new Migrator({ db: kysely, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0009-feed-token-reasons');
    expect(down.error).toBeUndefined();
    await sql`INSERT INTO workspaces (id, name, slug, time_zone, week_start, working_hours, map, created_at)
      VALUES ('ws-old', 'Old Co', 'old-co', 'America/New_York', 0, '{}', '{}', 1)`.execute(kysely);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const row = await db.kysely
      .selectFrom('workspaces')
      .select(['time_format', 'date_format', 'week_start'])
      .where('id', '=', 'ws-old')
      .executeTakeFirstOrThrow();
    expect({ ...row, week_start: Number(row.week_start) }).toEqual({
      time_format: '24h',
      date_format: 'dmy',
      week_start: 0,
    });
  });
});
