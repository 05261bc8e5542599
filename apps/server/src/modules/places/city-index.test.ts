import { beforeAll, describe, expect, it } from 'vitest';
import { type CityColumns, readCities } from './cities-pbf.js';
import { CityIndex, foldedCountryName } from './city-index.js';
import { type BuiltKeys, buildKeys } from './index-build.js';

/**
 * The index's search against the plainest reading of its rule: every key starting with the query,
 * each city once at its best score (whole name ≫ exact name ≫ population), all sorted, ties to the
 * lower city — so the search's shortcuts (binary search, scratch scores, a kept top 10) change nothing.
 */
function reference(columns: CityColumns, built: BuiltKeys, folded: string, limit: number, country = ''): number[] {
  const best = new Map<number, number>();
  built.keys.forEach((key, i) => {
    if (!key.startsWith(folded)) return;
    const c = built.city[i] as number;
    const code = columns.countries[c] ?? '';
    if (country && code.toLowerCase() !== country && !foldedCountryName(code).startsWith(country)) return;
    const score = (built.whole[i] ? 2 ** 33 : 0) + (key === folded ? 2 ** 32 : 0) + (columns.population[c] ?? 0);
    best.set(c, Math.max(best.get(c) ?? -1, score));
  });
  return [...best]
    .sort(([a, sa], [b, sb]) => sb - sa || a - b)
    .slice(0, limit)
    .map(([c]) => columns.ids[c] as number);
}

describe('the city index', () => {
  let columns: CityColumns;
  let built: BuiltKeys;
  let index: CityIndex;
  beforeAll(async () => {
    columns = readCities();
    built = await buildKeys(columns);
    index = new CityIndex(columns, built);
  });

  it('finds what the rule says, in its order, for random prefixes with and without a country', () => {
    let seed = 11;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const countries = ['', '', 'de', 'united', 'f'];
    for (let n = 0; n < 100; n++) {
      const name = built.folded[Math.floor(random() * columns.count)] ?? '';
      const folded = name.slice(0, 2 + Math.floor(random() * 6));
      if (folded.length < 2) continue;
      const country = countries[n % countries.length] ?? '';
      const got = index.search(folded, 10, country).map((hit) => hit.id);
      expect(got, `${folded} | ${country}`).toEqual(reference(columns, built, folded, 10, country));
    }
  });

  it('ranks a city met under its whole name and again under a later word at its better score, once', () => {
    // "Walla Walla" is met as the later word "walla" (an exact key) before its whole name "walla walla"
    // in the sorted keys: its rank is the whole name's.
    for (const folded of ['walla', 'baden', 'bad', 'jose']) {
      const ids = index.search(folded, 10).map((hit) => hit.id);
      expect(new Set(ids).size, folded).toBe(ids.length);
      expect(ids, folded).toEqual(reference(columns, built, folded, 10));
    }
    expect(index.search('walla', 10).map((hit) => hit.name)).toContain('Walla Walla');
  });
});
