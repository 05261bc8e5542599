import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.js';

/** What a prepared query's builder leaves where a value goes: `slot('ws')`. */
const slotMark = '\u0000slot:';
/** A placeholder for the value named `name`, filled in each time the query runs. */
export const slot = (name: string): string => `${slotMark}${name}`;

/**
 * A read built and compiled by Kysely once per database instead of on every call: building and
 * compiling a small query costs more than SQLite takes to run it (docs/PERFORMANCE.md, "Places
 * search"). The builder writes `slot(name)` where a value goes; each run fills the slots from
 * `values` (a missing one is an error, never a silent null). No user text can be taken for a slot:
 * slots are looked for in the compiled query's own parameters, which only the builder wrote.
 */
export function preparedQuery<Row>(build: (db: Kysely<Database>) => { compile(): CompiledQuery<Row> }) {
  const compiled = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; slots: (string | null)[] }>();
  return async (db: Kysely<Database>, values: Record<string, unknown>): Promise<Row[]> => {
    let entry = compiled.get(db);
    if (!entry) {
      const query = build(db).compile();
      const slots = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(slotMark) ? p.slice(slotMark.length) : null,
      );
      entry = { query, slots };
      compiled.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => {
      const name = slots[i];
      if (name === null || name === undefined) return p;
      if (!(name in values)) throw new Error(`preparedQuery: no value for ${name}`);
      return values[name];
    });
    const filled: CompiledQuery<Row> = { ...query, parameters };
    return (await db.executeQuery(filled)).rows;
  };
}
