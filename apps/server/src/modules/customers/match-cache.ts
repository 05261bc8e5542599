import { type Kysely, sql } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { normalizeText } from '../../lib/text.js';
import { customersMatching, matchTerms } from './queries.js';

/** A customer as the places search shows it, with its name and address folded (normalizeText). */
export interface CustomerMatch {
  id: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
  foldedName: string;
  foldedAddress: string;
}

interface Listed {
  /** The workspace's change counter read before the rows were: they are at least that new. */
  seq: number;
  /** Live customers by (sort name, id), as the database orders them; null: too many to keep. */
  rows: readonly { match: CustomerMatch; search: string }[] | null;
}

export interface CustomerMatchCacheOptions {
  /**
   * Rows kept over all workspaces, each workspace's entry counting as one more (so workspaces without
   * customers are bounded too); the workspace searched longest ago is dropped first.
   */
  maxRows?: number;
  /** A workspace with more live customers than this is searched in the database every time. */
  maxRowsPerWorkspace?: number;
}

/** Every live customer of a workspace, in the order the places search's query gives them. */
const liveCustomers = preparedQuery((db) =>
  db
    .selectFrom('customers')
    .select(['id', 'name', 'address', 'lat', 'lng', 'search_text'])
    .where('workspace_id', '=', slot('ws'))
    .where('deleted_at', 'is', null)
    .orderBy('sort_name')
    .orderBy('id')
    .limit(sql<number>`${slot('limit')}`),
);

/**
 * The places search's customer matches from memory (docs/adr/0037-customer-match-cache.md): one
 * process's list of each searched workspace's live customers, kept while the workspace's change
 * counter — read with the membership on every search — has not moved. Any committed write of a
 * customer moves it (recordChange, in the writing transaction), whichever process wrote, so the
 * next search anywhere reads the list again. The match is the database's own: every word of the
 * query (up to 8) in the stored search text, the first `limit` by (sort name, id).
 */
export function customerMatchCache(options: CustomerMatchCacheOptions = {}) {
  const maxRows = options.maxRows ?? 50_000;
  const perWorkspace = Math.min(options.maxRowsPerWorkspace ?? 10_000, maxRows - 1);
  /** By workspace, the one searched longest ago first. */
  const lists = new Map<string, Listed>();
  const loading = new Map<string, { seq: number; listed: Promise<Listed> }>();
  let kept = 0;

  const keep = (workspaceId: string, listed: Listed) => {
    const old = lists.get(workspaceId);
    if (old !== undefined && old.seq > listed.seq) return old;
    if (old !== undefined) kept -= weight(old);
    lists.delete(workspaceId);
    lists.set(workspaceId, listed);
    kept += weight(listed);
    for (const [id, other] of lists) {
      if (kept <= maxRows) break;
      if (id === workspaceId) continue;
      kept -= weight(other);
      lists.delete(id);
    }
    return listed;
  };

  const load = async (db: Kysely<Database>, workspaceId: string, seq: number): Promise<Listed> => {
    const read = await liveCustomers(db, { ws: workspaceId, limit: perWorkspace + 1 });
    const rows =
      read.length > perWorkspace ? null : read.map((r) => ({ match: customerMatch(r), search: r.search_text }));
    return keep(workspaceId, { seq, rows });
  };

  /** The list at least as new as `seq`: the kept one, one being read, or a new read. */
  const listAt = (db: Kysely<Database>, workspaceId: string, seq: number): Listed | Promise<Listed> => {
    const listed = lists.get(workspaceId);
    if (listed !== undefined && listed.seq >= seq) {
      lists.delete(workspaceId);
      lists.set(workspaceId, listed);
      return listed;
    }
    const pending = loading.get(workspaceId);
    if (pending !== undefined && pending.seq >= seq) return pending.listed;
    const reading = load(db, workspaceId, seq).finally(() => {
      if (loading.get(workspaceId)?.listed === reading) loading.delete(workspaceId);
    });
    loading.set(workspaceId, { seq, listed: reading });
    return reading;
  };

  return {
    /**
     * The workspace's live customers matching `q` (at most `limit`, by name), as `customersMatching`
     * finds them; `changeSeq` is the workspace's change counter read in this request (undefined:
     * asked of the database). The objects are the kept list's own: read them, never change them.
     */
    async matching(
      db: Kysely<Database>,
      workspaceId: string,
      changeSeq: number | undefined,
      q: string,
      limit: number,
    ): Promise<CustomerMatch[]> {
      if (changeSeq !== undefined && perWorkspace > 0) {
        const found = listAt(db, workspaceId, changeSeq);
        const { rows } = found instanceof Promise ? await found : found;
        if (rows !== null) return matchIn(rows, matchTerms(q), limit);
      }
      return (await customersMatching(db, workspaceId, q, limit)).map(customerMatch);
    },
    /** Rows kept now over all workspaces, plus one per workspace (for tests). */
    get size() {
      return kept;
    },
  };
}

/** What a workspace's entry counts toward the bound: its rows and itself. */
const weight = (listed: Listed) => (listed.rows?.length ?? 0) + 1;

export type CustomerMatchCache = ReturnType<typeof customerMatchCache>;

/**
 * The first `limit` rows whose search text contains every term: `search_text LIKE '%term%'` with its
 * wildcards escaped. Stored search text and terms are both normalizeText's (lower case), so SQLite's
 * ASCII case folding of LIKE changes nothing and the test is plain containment on both databases.
 */
function matchIn(rows: readonly { match: CustomerMatch; search: string }[], terms: readonly string[], limit: number) {
  const found: CustomerMatch[] = [];
  for (const row of rows) {
    if (found.length >= limit) break;
    if (containsAll(row.search, terms)) found.push(row.match);
  }
  return found;
}

function containsAll(text: string, terms: readonly string[]): boolean {
  for (const term of terms) if (!text.includes(term)) return false;
  return true;
}

/** A row as the search shows it; its name and address are folded once, when the row is read. */
function customerMatch(r: {
  id: string;
  name: string;
  address: string;
  lat: number | string;
  lng: number | string;
}): CustomerMatch {
  return {
    id: r.id,
    name: r.name,
    address: r.address,
    lat: Number(r.lat),
    lng: Number(r.lng),
    foldedName: normalizeText(r.name),
    foldedAddress: normalizeText(r.address),
  };
}
