import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/ARCHITECTURE.md's table of server modules ("| module | uses | … |") says which modules each one
// imports. This test reads the import statements of apps/server/src/modules/<name>/** (tests left out,
// type-only imports counted, as `npm run lint:deps` counts them) and holds every row to the code.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const docFile = 'docs/ARCHITECTURE.md';
const tableHeader = /^\|\s*module\s*\|\s*uses\s*\|/;

/** Every module: each folder of apps/server/src/modules. */
function moduleNames(): string[] {
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The module's own source files (absolute paths), its tests left out. */
function sourceFilesOf(name: string): string[] {
  return readdirSync(path.join(modulesDir, name), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The relative specifiers a file imports: `import … from`, `export … from`, `import type`, a bare
 * `import '…'` and `import('…')`. Comment lines are skipped, so a comment quoting an import is no import.
 */
function relativeImports(source: string): string[] {
  const code = source
    .split('\n')
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join('\n');
  const specifiers = [
    ...code.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...code.matchAll(/\bimport\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g),
  ];
  return specifiers.map((m) => m[1] ?? '');
}

/** Module → the other modules its files import (the code's graph). */
function importGraph(): Map<string, Set<string>> {
  const names = new Set(moduleNames());
  const graph = new Map<string, Set<string>>();
  for (const name of names) {
    const uses = new Set<string>();
    for (const file of sourceFilesOf(name)) {
      for (const spec of relativeImports(readFileSync(file, 'utf8'))) {
        const target = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
        if (target.startsWith('..')) continue;
        const [first = '', ...rest] = target.split(path.sep);
        // modules/live-entities.ts (the list the changes module reads) is no module: the table's note says so.
        if (rest.length > 0 && first !== name && names.has(first)) uses.add(first);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

interface Row {
  line: number;
  module: string;
  uses: string[];
}

/** The module table's rows: the first cell a module's name, the second its uses ("—" for none). */
function documentedRows(): Row[] {
  const lines = readFileSync(path.join(root, docFile), 'utf8').split('\n');
  const start = lines.findIndex((line) => tableHeader.test(line));
  if (start < 0)
    throw new Error(`${docFile} has no module table (a row "| module | uses | …" followed by the modules)`);
  const rows: Row[] = [];
  for (let i = start + 2; i < lines.length && lines[i]?.trim().startsWith('|'); i += 1) {
    const cells = (lines[i] ?? '').split('|').map((cell) => cell.trim());
    const name = (cells[1] ?? '').replaceAll('`', '').trim();
    const uses = (cells[2] ?? '')
      .replaceAll('`', '')
      .split(',')
      .map((use) => use.trim())
      .filter((use) => use !== '' && use !== '—' && use !== '-');
    rows.push({ line: i + 1, module: name, uses });
  }
  return rows;
}

const listed = (names: Iterable<string>) => [...names].sort().join(', ') || '—';

describe(`${docFile}: the server module table`, () => {
  const graph = importGraph();
  const rows = documentedRows();

  it('lists every module of apps/server/src/modules once, and nothing else', () => {
    const problems: string[] = [];
    const seen = new Map<string, number>();
    for (const row of rows) {
      if (!graph.has(row.module)) {
        problems.push(`${docFile}:${row.line}: "${row.module}" is not a folder of apps/server/src/modules`);
      }
      const earlier = seen.get(row.module);
      if (earlier !== undefined)
        problems.push(`${docFile}:${row.line}: "${row.module}" has a row already (line ${earlier})`);
      seen.set(row.module, row.line);
    }
    for (const name of graph.keys()) {
      if (!seen.has(name)) problems.push(`apps/server/src/modules/${name}/ has no row in ${docFile}'s module table`);
    }
    expect(problems).toEqual([]);
  });

  it('gives each module exactly the modules its code imports (tests left out, type-only imports in)', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const actual = graph.get(row.module);
      if (!actual) continue;
      const written = new Set(row.uses);
      const missing = [...actual].filter((use) => !written.has(use));
      const extra = [...written].filter((use) => !actual.has(use));
      if (missing.length === 0 && extra.length === 0) continue;
      problems.push(
        `${docFile}:${row.line}: ${row.module} uses "${listed(written)}" in the table, but its code imports ` +
          `"${listed(actual)}"` +
          (missing.length > 0 ? `; add ${listed(missing)}` : '') +
          (extra.length > 0 ? `; remove ${listed(extra)} (no file of ${row.module} imports it)` : ''),
      );
    }
    expect(problems).toEqual([]);
  });

  it('reads imports as the lint does: type-only, re-exports and dynamic imports count, comments do not', () => {
    const source = [
      "import type { A } from '../jobs/index.js';",
      'import {',
      '  b,',
      "} from '../members/index.js';",
      "export { c } from './c.js';",
      "const d = await import('../places/index.js');",
      "// import { e } from '../feeds/index.js';",
      " * see `import { f } from '../travel/index.js'`",
      "import { z } from 'zod';",
    ].join('\n');
    expect(relativeImports(source)).toEqual([
      '../jobs/index.js',
      '../members/index.js',
      './c.js',
      '../places/index.js',
    ]);
  });
});
