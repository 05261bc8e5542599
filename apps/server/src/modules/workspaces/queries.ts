import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export function findWorkspace(db: Kysely<Database>, id: string) {
  return db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function slugTaken(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('workspaces').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}
