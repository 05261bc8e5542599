import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** How many rows one read of the dump takes (docs/adr/0035-export-and-workspace-archive.md). */
export const pageSize = 1000;

/**
 * Rows in id order, a page at a time (keyset): `read(after)` answers at most `pageSize` rows whose
 * id is greater than `after`, ordered by id. A page shorter than that is the last.
 */
async function* pagesById<T extends { id: string }>(read: (after: string) => Promise<T[]>): AsyncGenerator<T[]> {
  let after = '';
  for (;;) {
    const rows = await read(after);
    const last = rows[rows.length - 1];
    if (!last) return;
    yield rows;
    if (rows.length < pageSize) return;
    after = last.id;
  }
}

/** The rows of pages one at a time. */
export async function* rowsOf<T>(pages: AsyncIterable<T[]>): AsyncGenerator<T> {
  for await (const rows of pages) yield* rows;
}

/** The tables the dump reads a page at a time: each has an id and a workspace; customers and jobs a soft delete. */
type PagedTable = 'customers' | 'jobs' | 'visit_notes' | 'visit_checklists';
export type PagedRow = { [K in PagedTable]: Selectable<Database[K]> };

/**
 * One table's rows of the workspace in id order, a page at a time; `live` leaves out soft-deleted
 * rows (customers and jobs: the archive holds what the workspace shows).
 */
export function workspacePages<T extends PagedTable>(
  db: Kysely<Database>,
  table: T,
  workspaceId: string,
  options: { live?: boolean } = {},
): AsyncGenerator<PagedRow[T][]> {
  return pagesById((after) => {
    // Kysely cannot check columns against a table chosen at run time, so the query is typed on one
    // of them; every PagedTable has these columns.
    let q = db
      .selectFrom(table as 'visit_notes')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '>', after);
    if (options.live) q = q.where(sql.ref('deleted_at'), 'is', null);
    return q.orderBy('id').limit(pageSize).execute() as unknown as Promise<PagedRow[T][]>;
  });
}
