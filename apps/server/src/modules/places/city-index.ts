import { type CityColumns, readCities } from './cities-pbf.js';
import { type BuiltKeys, buildKeys, foldText, yieldNow } from './index-build.js';

export { foldText };

export interface CityHit {
  id: number;
  name: string;
  /** `name` folded by `foldText` (computed when the index was built). */
  folded: string;
  country: string;
  countryName: string;
  population: number;
  lat: number;
  lng: number;
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryNames = new Map<string, string>();
export function countryName(code: string): string {
  let name = countryNames.get(code);
  if (name === undefined) {
    try {
      name = regionNames.of(code) ?? code;
    } catch {
      name = code;
    }
    countryNames.set(code, name);
  }
  return name;
}

const foldedCountryNames = new Map<string, string>();
/** `countryName(code)` folded by `foldText`, kept per code (a few hundred): queries and ranking ask it often. */
export function foldedCountryName(code: string): string {
  let folded = foldedCountryNames.get(code);
  if (folded === undefined) {
    folded = foldText(countryName(code));
    foldedCountryNames.set(code, folded);
  }
  return folded;
}

/** The most entries one query looks at ("sa" matches ~4,000); bounds the worst case. */
const maxScan = 50_000;

/**
 * A sorted prefix index over city names: each city under its whole folded name and under each
 * later word ("Berlin Köpenick" is found by "kop…" too). A query is a binary search plus a scan
 * of the matching run, ranked: whole-name matches first, exact names first, then population.
 */
export class CityIndex {
  private readonly keys: string[];
  private readonly city: Uint32Array;
  /** 1 when the key is the start of the whole name, 0 when of a later word. */
  private readonly whole: Uint8Array;
  private readonly folded: string[];
  /**
   * Scratch for `search`, by city: the best score seen in this search, and which search saw it
   * (a counter): no map built per query. `search` is synchronous, so one set serves every caller.
   */
  private readonly scoreOf: Float64Array;
  private readonly seenBy: Uint32Array;
  private searches = 0;

  constructor(
    private readonly columns: CityColumns,
    built: BuiltKeys,
  ) {
    this.keys = built.keys;
    this.city = built.city;
    this.whole = built.whole;
    this.folded = built.folded;
    this.scoreOf = new Float64Array(columns.count);
    this.seenBy = new Uint32Array(columns.count);
  }

  /** Reads the cities and builds the index without blocking the event loop for long. */
  static async load(): Promise<CityIndex> {
    const columns = await readCities(undefined, yieldNow);
    return new CityIndex(columns, await buildKeys(columns));
  }

  get size(): number {
    return this.keys.length;
  }

  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The most populous cities in a box, spread over it: the box is cut into a grid and each cell
   * keeps its `perCell` largest, so one big city's suburbs don't take every label.
   */
  labels(box: { south: number; west: number; north: number; east: number }, limit = 48, perCell = 2): CityHit[] {
    const { columns } = this;
    const cols = 8;
    const rows = 6;
    const wraps = box.east < box.west;
    const width = (wraps ? box.east + 360 : box.east) - box.west || 1e-9;
    const height = box.north - box.south || 1e-9;
    const cells = new Map<number, number[]>();
    for (let c = 0; c < columns.count; c++) {
      const lat = columns.lat[c] ?? 0;
      let lng = columns.lng[c] ?? 0;
      if (lat < box.south || lat > box.north) continue;
      if (wraps && lng < box.west) lng += 360;
      if (lng < box.west || lng > box.west + width) continue;
      const cell =
        Math.min(rows - 1, Math.floor(((lat - box.south) / height) * rows)) * cols +
        Math.min(cols - 1, Math.floor(((lng - box.west) / width) * cols));
      const best = cells.get(cell) ?? [];
      best.push(c);
      best.sort((a, b) => (columns.population[b] ?? 0) - (columns.population[a] ?? 0));
      if (best.length > perCell) best.length = perCell;
      cells.set(cell, best);
    }
    return [...cells.values()]
      .flat()
      .sort((a, b) => (columns.population[b] ?? 0) - (columns.population[a] ?? 0))
      .slice(0, limit)
      .map((c) => this.hit(c));
  }

  private hit(c: number): CityHit {
    const { columns } = this;
    const code = columns.countries[c] ?? '';
    return {
      id: columns.ids[c] ?? 0,
      name: columns.names[c] ?? '',
      folded: this.folded[c] ?? '',
      country: code,
      countryName: countryName(code),
      population: columns.population[c] ?? 0,
      lat: columns.lat[c] ?? 0,
      lng: columns.lng[c] ?? 0,
    };
  }

  /**
   * Up to `limit` cities whose name (or a later word of it) starts with `folded` (already folded by
   * `foldText`); `country` (folded) keeps those whose code or English name starts with it.
   */
  search(folded: string, limit: number, country = ''): CityHit[] {
    const { columns, scoreOf, seenBy } = this;
    if (++this.searches === 2 ** 32) {
      seenBy.fill(0);
      this.searches = 1;
    }
    const search = this.searches;
    // Each city once, in the order first met, with its best score.
    const met: number[] = [];
    const start = this.lowerBound(folded);
    const end = Math.min(this.keys.length, start + maxScan);
    for (let i = start; i < end; i++) {
      const key = this.keys[i] as string;
      if (!key.startsWith(folded)) break;
      const c = this.city[i] as number;
      if (country) {
        const code = columns.countries[c] ?? '';
        if (code.toLowerCase() !== country && !foldedCountryName(code).startsWith(country)) continue;
      }
      // Whole name ≫ exact ≫ population: 2^33 and 2^32 sit above any population (< 2^32).
      const score = (this.whole[i] ? 2 ** 33 : 0) + (key === folded ? 2 ** 32 : 0) + (columns.population[c] ?? 0);
      if (seenBy[c] !== search) {
        seenBy[c] = search;
        scoreOf[c] = score;
        met.push(c);
      } else if ((scoreOf[c] as number) < score) {
        scoreOf[c] = score;
      }
    }
    return topCities(met, scoreOf, limit).map((c) => this.hit(c));
  }
}

/**
 * The `limit` cities of highest score (ties: lower city first), best first — the order a full sort
 * gives, kept in a small sorted array: a short prefix's run holds thousands of cities.
 */
function topCities(met: number[], scoreOf: Float64Array, limit: number): number[] {
  if (limit <= 0) return [];
  const cities: number[] = [];
  const kept: number[] = [];
  for (const c of met) {
    const score = scoreOf[c] as number;
    let at = kept.length;
    // Past the last kept one (or a tie with a lower city): not among the best.
    if (at >= limit) {
      const last = kept[at - 1] as number;
      if (score < last || (score === last && c > (cities[at - 1] as number))) continue;
    }
    while (at > 0) {
      const s = kept[at - 1] as number;
      if (s > score || (s === score && (cities[at - 1] as number) < c)) break;
      at--;
    }
    kept.splice(at, 0, score);
    cities.splice(at, 0, c);
    if (kept.length > limit) {
      kept.pop();
      cities.pop();
    }
  }
  return cities;
}

/** Answers to short prefixes (the expensive ones: "sa" scans ~4,000 names), kept for reuse. */
export class ShortPrefixCache {
  private readonly answers = new Map<string, CityHit[]>();
  constructor(
    readonly index: CityIndex,
    private readonly capacity = 5000,
  ) {}

  search(folded: string, limit: number, country = ''): CityHit[] {
    if (folded.length > 3) return this.index.search(folded, limit, country);
    const key = `${folded}|${country}|${limit}`;
    let hits = this.answers.get(key);
    if (!hits) {
      hits = this.index.search(folded, limit, country);
      // Clearing wholesale at capacity is enough: 2–3 letter prefixes are few.
      if (this.answers.size >= this.capacity) this.answers.clear();
      this.answers.set(key, hits);
    }
    return hits;
  }
}

let loading: Promise<ShortPrefixCache> | null = null;
let loaded = false;

/**
 * The world's cities, read and indexed on first use, once per process (≈ 0.2 s of decoding, then
 * an index built in slices: see bench/places.bench.ts). Concurrent first callers share the load.
 */
export function cityIndex(): Promise<ShortPrefixCache> {
  loading ??= CityIndex.load().then((index) => {
    loaded = true;
    return new ShortPrefixCache(index);
  });
  return loading;
}

/** True once the index is in memory (the benchmark measures the first load). */
export const cityIndexLoaded = () => loaded;
