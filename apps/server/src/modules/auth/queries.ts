import type { Insertable, Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.js';

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function insertUser(db: Kysely<Database>, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}
