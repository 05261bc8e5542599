import type { Kysely } from 'kysely';

// Sign-up answers a taken email exactly like a new one (no account enumeration), so the account's
// owner learns of the attempt at their next sign-in instead: when someone last tried (epoch ms), or
// null once they have been told.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('sign_up_attempt_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('sign_up_attempt_at').execute();
}
