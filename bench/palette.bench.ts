// The command palette's query time over 2,000 jobs and 1,000 customers, in Chromium: the web's own
// index (apps/web/src/features/search) bundled with esbuild and run in a page, as the palette runs it.
// Budget (docs/PERFORMANCE.md): p99 ≤ 30 ms per query. Run: npm run bench -- palette
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { fmt, percentile } from './support.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const search = path.join(root, 'apps/web/src/features/search');

const bundle = await build({
  stdin: {
    contents: `export { buildIndex, searchIndex } from './search-index';\nexport { searchEntries } from './search-entries';`,
    resolveDir: search,
    loader: 'ts',
  },
  bundle: true,
  format: 'iife',
  globalName: 'palette',
  write: false,
  target: 'es2022',
});

const words = ['boiler', 'leak', 'service', 'annual', 'heat', 'pump', 'install', 'repair', 'check', 'gutter'];
const streets = ['Harbour Road', 'Elm Street', 'Mill Lane', 'Kastanienallee', 'Schönhauser Allee', 'Oak Avenue'];
const names = ['Müller', 'Schmidt', 'Baker', 'Nguyen', 'Okafor', 'Rossi', 'Kowalski', 'Larsen', 'García', 'Dubois'];
const customers = Array.from({ length: 1000 }, (_, i) => ({
  id: `c${i}`,
  name: `${names[i % names.length]} ${['Bakery', 'Dental', 'GmbH', 'Flats', 'School'][i % 5]} ${i}`,
  address: `${(i % 180) + 1} ${streets[i % streets.length]}, Berlin`,
  phone: `+49 30 ${String(1000000 + i)}`,
  email: null,
}));
const jobs = Array.from({ length: 2000 }, (_, i) => {
  const c = customers[i % customers.length];
  return {
    id: `j${i}`,
    title: `${words[i % words.length]} ${words[(i * 7) % words.length]} #${i}`,
    customerName: c?.name ?? null,
    address: c?.address ?? '',
    status: 'scheduled' as const,
  };
});
const members = Array.from({ length: 30 }, (_, i) => ({
  id: `m${i}`,
  name: `Technician ${names[i % names.length]} ${i}`,
  email: `t${i}@example.test`,
  role: 'technician' as const,
  active: true,
}));
const screens = ['Overview', 'Dispatch', 'Calendar', 'Map', 'Customers', 'Team'].map((label) => ({
  label,
  href: `/w/acme/${label.toLowerCase()}`,
}));
// What a person types, keystroke by keystroke: short prefixes match the most entries (the worst case).
const queries = [
  'b',
  'bo',
  'boi',
  'boiler',
  'm',
  'mü',
  'müller',
  'harb',
  'harbour road',
  'e',
  'ch',
  'check #1',
  'allee 12',
  'zzz',
  'schmidt dental',
  '+49 30',
  'dis',
  'a',
  'o',
  'leak mill',
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const page = await browser.newPage();
await page.setContent('<!doctype html><title>palette bench</title>');
await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
const result = await page.evaluate(
  ({ sources, queries, rounds }) => {
    // biome-ignore lint/suspicious/noExplicitAny: the bundle's global, typed in node, not in the page.
    const p = (window as any).palette;
    const t0 = performance.now();
    const index = p.buildIndex(p.searchEntries('/w/acme', sources));
    const buildMs = performance.now() - t0;
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const q of queries) {
        const t = performance.now();
        p.searchIndex(index, q);
        times.push(performance.now() - t);
      }
    }
    return { buildMs, times, entries: index.entries.length };
  },
  { sources: { jobs, customers, members, screens }, queries, rounds: 50 },
);
await browser.close();

const { times } = result;
console.log(`palette index: ${result.entries} entries (2,000 jobs, 1,000 customers, 30 technicians, 6 screens)`);
console.log(`build ${fmt(result.buildMs)} once per data change`);
console.log(
  `query (${times.length} = ${queries.length} queries × 50): p50 ${fmt(percentile(times, 50))}  p95 ${fmt(percentile(times, 95))}  p99 ${fmt(percentile(times, 99))}  max ${fmt(Math.max(...times))}  (budget p99 ≤ 30 ms)`,
);
