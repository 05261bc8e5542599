import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { normalizeText } from '../../lib/text.js';

/** True when the user is an active member of the workspace (places never answer 404 for it). */
export async function isActiveMember(db: Kysely<Database>, userId: string, workspaceId: string): Promise<boolean> {
  const row = await db
    .selectFrom('memberships')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

const likeEscape = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers whose name, address or phone contains every word of `q` (at most `limit`, by name). */
export function customersMatching(db: Kysely<Database>, workspaceId: string, q: string, limit: number) {
  let query = db
    .selectFrom('customers')
    .select(['id', 'name', 'address', 'lat', 'lng'])
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null);
  for (const term of normalizeText(q).split(' ').filter(Boolean).slice(0, 8)) {
    query = query.where(sql<boolean>`search_text like ${`%${likeEscape(term)}%`} escape '\\'`);
  }
  return query.orderBy('sort_name').orderBy('id').limit(limit).execute();
}
