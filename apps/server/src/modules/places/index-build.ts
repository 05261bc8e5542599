import { normalizeText } from '../../lib/text.js';
import type { CityColumns } from './cities-pbf.js';

/** Accent-, case- and space-insensitive text (Łódź → lodz, Straße → strasse) for prefix search. */
export function foldText(value: string): string {
  // Most names are plain ASCII: skip Unicode normalisation for them (a third of the build time).
  if (/^[\x20-\x7e]*$/.test(value)) return value.toLowerCase().replace(/\s+/g, ' ').trim();
  return normalizeText(value)
    .replace(/[łŀ]/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/[đð]/g, 'd')
    .replace(/þ/g, 'th')
    .replace(/ı/g, 'i');
}

export interface BuiltKeys {
  /** Sorted folded keys. */
  keys: string[];
  /** The city (column index) of each key. */
  city: Uint32Array;
  /** 1 when the key is the start of the whole name, 0 when of a later word. */
  whole: Uint8Array;
  /** Each city's folded whole name (by column index; '' when it has none), for ranking without refolding. */
  folded: string[];
}

/** Lets other requests run between slices of the build (no task much over ~20 ms). */
export const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));
const slice = 8192;

/**
 * The prefix index's keys, built cooperatively: names folded in slices, sorted in runs, runs merged
 * in slices, yielding to the event loop between slices — the first places query of a process
 * waits ~0.5 s for it, every other request keeps being answered meanwhile.
 */
export async function buildKeys(columns: CityColumns): Promise<BuiltKeys> {
  const keys: string[] = [];
  const city: number[] = [];
  const whole: number[] = [];
  const foldedNames = new Array<string>(columns.count).fill('');
  for (let start = 0; start < columns.count; start += slice) {
    for (let i = start; i < Math.min(columns.count, start + slice); i++) {
      const folded = foldText(columns.names[i] ?? '');
      if (!folded) continue;
      foldedNames[i] = folded;
      keys.push(folded);
      city.push(i);
      whole.push(1);
      // Each later word too: "Berlin Köpenick" is found by "kop…".
      for (let at = folded.indexOf(' '); at >= 0; at = folded.indexOf(' ', at + 1)) {
        const rest = folded.slice(at + 1).replace(/^[^a-z0-9]+/, '');
        if (rest.length >= 2) {
          keys.push(rest);
          city.push(i);
          whole.push(0);
        }
      }
    }
    await yieldNow();
  }
  const order = await sortedOrder(keys);
  return {
    keys: Array.from(order, (i) => keys[i] as string),
    city: Uint32Array.from(order, (i) => city[i] ?? 0),
    whole: Uint8Array.from(order, (i) => whole[i] ?? 0),
    folded: foldedNames,
  };
}

const compare = (keys: string[]) => (a: number, b: number) => {
  const ka = keys[a] as string;
  const kb = keys[b] as string;
  return ka < kb ? -1 : ka > kb ? 1 : a - b;
};

/** Indices of `keys` in sorted order: runs of `slice` sorted one per tick, then merged pairwise. */
async function sortedOrder(keys: string[]): Promise<Uint32Array> {
  const cmp = compare(keys);
  let runs: Uint32Array[] = [];
  for (let start = 0; start < keys.length; start += slice) {
    const run = new Uint32Array(Math.min(slice, keys.length - start));
    for (let i = 0; i < run.length; i++) run[i] = start + i;
    runs.push(run.sort(cmp));
    await yieldNow();
  }
  while (runs.length > 1) {
    const next: Uint32Array[] = [];
    for (let r = 0; r < runs.length; r += 2) {
      const a = runs[r] as Uint32Array;
      const b = runs[r + 1];
      next.push(b ? await merge(a, b, cmp) : a);
    }
    runs = next;
  }
  return runs[0] ?? new Uint32Array();
}

async function merge(a: Uint32Array, b: Uint32Array, cmp: (x: number, y: number) => number): Promise<Uint32Array> {
  const out = new Uint32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (k < out.length) {
    const until = Math.min(out.length, k + 4 * slice);
    while (k < until) {
      const x = a[i];
      const y = b[j];
      if (y === undefined || (x !== undefined && cmp(x, y) <= 0)) {
        out[k++] = x as number;
        i++;
      } else {
        out[k++] = y;
        j++;
      }
    }
    await yieldNow();
  }
  return out;
}
