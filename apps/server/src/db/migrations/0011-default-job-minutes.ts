import type { Kysely } from 'kysely';

// How long a new job lasts when a dispatcher makes it from a slot or a day (docs/PRODUCT.md,
// settings): an hour, as the board always did, until the workspace says otherwise.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('default_job_minutes', 'integer', (c) => c.notNull().defaultTo(60))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workspaces').dropColumn('default_job_minutes').execute();
}
