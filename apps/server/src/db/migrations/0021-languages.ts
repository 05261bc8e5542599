import type { Kysely } from 'kysely';

// Languages (docs/adr/0042-languages.md): a user's own (null: their browser's), the language a
// workspace speaks to its customers (emails, booking, tracking, the visit report), and a customer's own
// (null: the workspace's). Existing workspaces speak English, as they did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
  await db.schema
    .alterTable('workspaces')
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.alterTable('customers').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('customers').dropColumn('language').execute();
  await db.schema.alterTable('workspaces').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('language').execute();
}
