/** The command palette's index: pure, so the bench and the tests run it without a browser. */

export type SearchKind = 'job' | 'customer' | 'address' | 'technician' | 'screen';

export interface SearchEntry {
  kind: SearchKind;
  id: string;
  label: string;
  detail: string;
  href: string;
}

interface IndexedEntry extends SearchEntry {
  /** Lower-cased, accent-free label. */
  name: string;
  /** Lower-cased, accent-free label + everything else the entry is found by. */
  text: string;
}

export interface SearchGroup {
  kind: SearchKind;
  entries: SearchEntry[];
}

export interface SearchIndex {
  entries: readonly IndexedEntry[];
}

/** Longer queries are cut here, like the server's list searches (docs/PRODUCT.md, "Search"). */
export const maxQueryLength = 200;
export const groupOrder: readonly SearchKind[] = ['screen', 'job', 'customer', 'address', 'technician'];
const perGroup = 6;

export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** The words of a query, cut to `maxQueryLength` characters. */
export function queryWords(query: string): string[] {
  return normalise(query.slice(0, maxQueryLength)).split(/\s+/).filter(Boolean);
}

/** `found`: what else finds the entry besides its label (customer name, address, phone …). */
export function buildIndex(items: readonly (SearchEntry & { found?: string })[]): SearchIndex {
  return {
    entries: items.map(({ found, ...entry }) => {
      const name = normalise(entry.label);
      return { ...entry, name, text: found ? `${name} ${normalise(found)}` : name };
    }),
  };
}

/** Labels starting with the query first, then a word of the label, then anything else that matched. */
function rank(entry: IndexedEntry, first: string): number {
  if (entry.name.startsWith(first)) return 0;
  if (entry.name.includes(` ${first}`)) return 1;
  return entry.name.includes(first) ? 2 : 3;
}

/** Entries holding every word of the query, grouped in `groupOrder`, at most `perGroup` each. */
export function searchIndex(index: SearchIndex, query: string): SearchGroup[] {
  const words = queryWords(query);
  const first = words[0];
  if (first === undefined) return [];
  const hits = new Map<SearchKind, { entry: IndexedEntry; rank: number }[]>();
  for (const entry of index.entries) {
    if (!words.every((word) => entry.text.includes(word))) continue;
    const list = hits.get(entry.kind) ?? [];
    list.push({ entry, rank: rank(entry, first) });
    hits.set(entry.kind, list);
  }
  const groups: SearchGroup[] = [];
  for (const kind of groupOrder) {
    const list = hits.get(kind);
    if (!list) continue;
    list.sort((a, b) => a.rank - b.rank || (a.entry.name < b.entry.name ? -1 : a.entry.name > b.entry.name ? 1 : 0));
    groups.push({
      kind,
      entries: list.slice(0, perGroup).map(({ entry }) => ({
        kind: entry.kind,
        id: entry.id,
        label: entry.label,
        detail: entry.detail,
        href: entry.href,
      })),
    });
  }
  return groups;
}
