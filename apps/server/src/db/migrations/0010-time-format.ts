import type { Kysely } from 'kysely';

// One time format everywhere (docs/PRODUCT.md, settings): how the workspace writes a time of day
// ('24h' | '12h') and orders a date ('dmy' | 'mdy' | 'ymd'). A new workspace takes them from its
// owner's locale; an existing one keeps what the board showed before: 24 h, day first.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite's ALTER TABLE adds one at a time.
  await db.schema
    .alterTable('workspaces')
    .addColumn('time_format', 'text', (c) => c.notNull().defaultTo('24h'))
    .execute();
  await db.schema
    .alterTable('workspaces')
    .addColumn('date_format', 'text', (c) => c.notNull().defaultTo('dmy'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workspaces').dropColumn('date_format').execute();
  await db.schema.alterTable('workspaces').dropColumn('time_format').execute();
}
