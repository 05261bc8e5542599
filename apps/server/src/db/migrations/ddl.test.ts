import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrations } from './index.js';

/** Every statement the migrations run, up then down, as the dialect compiles it (nothing is executed). */
async function compiledDdl(dialect: 'sqlite' | 'postgres'): Promise<string> {
  const statements: string[] = [];
  const postgres = dialect === 'postgres';
  const db = new Kysely<unknown>({
    dialect: {
      createAdapter: () => (postgres ? new PostgresAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createQueryCompiler: () => (postgres ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      createIntrospector: (k) => (postgres ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
    },
    log: (event) => {
      if (event.level === 'query') statements.push(event.query.sql);
    },
  });
  for (const [name, migration] of Object.entries(migrations)) {
    statements.push(`-- ${name} up`);
    await migration.up(db);
    statements.push(`-- ${name} down`);
    await migration.down?.(db);
  }
  await db.destroy();
  return `${statements.join('\n')}\n`;
}

// Existing installs ran these migrations already; the columns they share come from ddl.ts, so an edit
// there must not change what an old migration creates (a fresh install would differ from an upgraded one).
describe('migrations compile to the DDL existing installs already ran', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(dialect, async () => {
      await expect(await compiledDdl(dialect)).toMatchFileSnapshot(`./__snapshots__/ddl.test.${dialect}.sql`);
    });
  }
});
