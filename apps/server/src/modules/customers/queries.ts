import { type Kysely, sql } from 'kysely';
import { preparedQuery, slot } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import { normalizeText } from '../../lib/text.js';
import type { CustomerRow } from './presenter.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  cursor: { id: 'problems.list.badCursor' },
});

export function findCustomer(db: Kysely<Database>, workspaceId: string, id: string): Promise<CustomerRow | undefined> {
  return db
    .selectFrom('customers')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Keyset cursor: the (sort name, id) of the last row of a page, base64url JSON. */
export function encodeCursor(row: { sort_name: string; id: string }): string {
  return Buffer.from(JSON.stringify([row.sort_name, row.id])).toString('base64url');
}

function decodeCursor(cursor: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return value as [string, string];
    }
  } catch {
    // fall through to the field error
  }
  throw fieldError('cursor', text(refusals.cursor));
}

/** Words of a search that must each match (more are ignored). */
const maxTerms = 8;
const likeEscape = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The words of `q` (folded, at most 8) that a customer's search text must each contain. */
export function matchTerms(q: string): string[] {
  return normalizeText(q).split(' ').filter(Boolean).slice(0, maxTerms);
}

/** The workspace's live customers whose name, address or phone contains every word of `q` (up to 8). */
function matching(db: Kysely<Database>, workspaceId: string, q: string) {
  let base = db.selectFrom('customers').where('workspace_id', '=', workspaceId).where('deleted_at', 'is', null);
  for (const term of matchTerms(q)) {
    base = base.where(sql<boolean>`search_text like ${`%${likeEscape(term)}%`} escape '\\'`);
  }
  return base;
}

/** The place search's query for 0–8 words, each compiled once: it runs on every keystroke pause. */
const matchingByTerms = Array.from({ length: maxTerms + 1 }, (_, terms) =>
  preparedQuery((db) => {
    let base = db.selectFrom('customers').where('workspace_id', '=', slot('ws')).where('deleted_at', 'is', null);
    for (let i = 0; i < terms; i++) {
      base = base.where(sql<boolean>`search_text like ${slot(`term${i}`)} escape '\\'`);
    }
    return base
      .select(['id', 'name', 'address', 'lat', 'lng'])
      .orderBy('sort_name')
      .orderBy('id')
      .limit(sql<number>`${slot('limit')}`);
  }),
);

/** Customers matching `q` for the place search (at most `limit`, by name); the same match as `matching`. */
export function customersMatching(db: Kysely<Database>, workspaceId: string, q: string, limit: number) {
  const terms = matchTerms(q);
  const values: Record<string, unknown> = { ws: workspaceId, limit };
  terms.forEach((term, i) => {
    values[`term${i}`] = `%${likeEscape(term)}%`;
  });
  return (matchingByTerms[terms.length] as (typeof matchingByTerms)[number])(db, values);
}

export interface CustomerListOptions {
  q?: string | undefined;
  limit: number;
  cursor?: string | undefined;
  offset?: number | undefined;
  /** false: skip counting the matches (`total` is -1), for readers that page through everything (export). */
  withTotal?: boolean;
}

/** One page of the workspace's customers by name; every word of `q` must match. */
export async function listCustomers(db: Kysely<Database>, workspaceId: string, options: CustomerListOptions) {
  const base = matching(db, workspaceId, options.q ?? '');
  const totalRow =
    options.withTotal === false
      ? { n: -1 }
      : await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  let page = base
    .selectAll()
    .orderBy('sort_name')
    .orderBy('id')
    .limit(options.limit + 1);
  if (options.cursor) {
    const [name, id] = decodeCursor(options.cursor);
    page = page.where((eb) =>
      eb.or([eb('sort_name', '>', name), eb.and([eb('sort_name', '=', name), eb('id', '>', id)])]),
    );
  } else if (options.offset) {
    page = page.offset(options.offset);
  }
  const rows = await page.execute();
  const items = rows.slice(0, options.limit);
  const last = items[items.length - 1];
  return {
    rows: items,
    total: Number(totalRow.n),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}
