/** How many rows one read of the dump takes (docs/adr/0035-export-and-workspace-archive.md). */
export const pageSize = 1000;

/**
 * A table's rows in id order, a page at a time (keyset): `read(after)` answers at most `pageSize`
 * rows whose id is greater than `after`, ordered by id. A page shorter than that is the last.
 */
export async function* pagesById<T extends { id: string }>(read: (after: string) => Promise<T[]>): AsyncGenerator<T[]> {
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

/** The same rows one at a time. */
export async function* rowsById<T extends { id: string }>(read: (after: string) => Promise<T[]>): AsyncGenerator<T> {
  for await (const rows of pagesById(read)) yield* rows;
}
