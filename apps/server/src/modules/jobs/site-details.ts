import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What a technician reads on site beside the visit: the job's description and its customer's contact. */
export interface SiteDetails {
  description: string;
  customerPhone: string | null;
  /** The customer's notes (gate codes, where the key is), '' when none or no customer. */
  customerNotes: string;
}

/**
 * The site details of the given jobs of one workspace, by job id, in one query (my day reads them
 * for a day's visits). Jobs of another workspace or deleted ones are left out.
 */
export async function siteDetailsOf(
  db: Kysely<Database>,
  workspaceId: string,
  jobIds: readonly string[],
): Promise<Map<string, SiteDetails>> {
  const out = new Map<string, SiteDetails>();
  if (jobIds.length === 0) return out;
  const rows = await db
    .selectFrom('jobs as j')
    .leftJoin('customers as c', (join) => join.onRef('c.id', '=', 'j.customer_id').on('c.deleted_at', 'is', null))
    .select(['j.id', 'j.description', 'c.phone', 'c.notes'])
    .where('j.workspace_id', '=', workspaceId)
    .where('j.deleted_at', 'is', null)
    .where('j.id', 'in', [...new Set(jobIds)])
    .execute();
  for (const row of rows) {
    out.set(row.id, { description: row.description, customerPhone: row.phone ?? null, customerNotes: row.notes ?? '' });
  }
  return out;
}
