import type { Kysely } from 'kysely';

// The last time online booking turned a request away at a pending cap, and which one (docs/PRODUCT.md,
// "Online booking"): the office's Requests screen says so, since a sender filling a cap closes the page
// for others, and a refusal leaves no request behind to notice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_settings').addColumn('cap_hit_at', 'bigint').execute();
  await db.schema.alterTable('booking_settings').addColumn('cap_hit_scope', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('booking_settings').dropColumn('cap_hit_scope').execute();
  await db.schema.alterTable('booking_settings').dropColumn('cap_hit_at').execute();
}
