import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config.js';

// docs/CONFIGURATION.md is the one list of settings: every variable the code reads has a row there
// (`| \`NAME\` | …`), and every row names a variable the code still reads.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const docFile = 'docs/CONFIGURATION.md';
const standaloneHeading = 'Standalone realtime server';
const testsHeading = 'For development, tests and CI';
const standaloneEntry = 'packages/realtime/src/standalone.ts';

/** The TypeScript and JavaScript files under `dir` (repository-relative), test files left out unless asked. */
function sourceFiles(dir: string, withTests = false): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts|mjs|js)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/(^|\/)(node_modules|dist)\//.test(file))
    .filter((file) => withTests || !/\.test\.tsx?$/.test(file));
}

/** Names read as `env.NAME` or `env['NAME']` (`process.env` included): upper-case only, as settings are. */
function envReads(source: string): string[] {
  const access = /\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g;
  return [...source.matchAll(access)].map((m) => m[1] ?? m[2] ?? '');
}

/** `start.mjs` and the local modules it imports, followed through their own imports. */
function withLocalImports(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, spec = ''] of read(file).matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
      visit(path.relative(root, path.resolve(root, path.dirname(file), spec)));
    }
  };
  visit(entry);
  return [...seen];
}

/** What the Fieldplan server reads: its config schema, plus direct reads in its code and in `npm start`. */
function serverSettings(): Set<string> {
  const files = [
    ...sourceFiles('apps/server/src'),
    ...sourceFiles('packages/shared/src'),
    ...sourceFiles('packages/realtime/src').filter((file) => file !== standaloneEntry),
    ...withLocalImports('scripts/start.mjs'),
  ];
  return new Set([...Object.keys(envSchema.shape), ...files.flatMap((file) => envReads(read(file)))]);
}

/** What the standalone realtime server reads: `env.NAME`, and names given to its own readers (`required('NAME')`). */
function standaloneSettings(): Set<string> {
  const source = read(standaloneEntry);
  const viaHelper = [...source.matchAll(/\w\(\s*'([A-Z][A-Z0-9]*_[A-Z0-9_]*)'/g)].map((m) => m[1] ?? '');
  return new Set([...envReads(source), ...viaHelper]);
}

/** What tests, CI, benches, the e2e and scale-out suites and the dev server read. */
function testReads(): Set<string> {
  const files = [
    ...['apps/server/test', 'packages/realtime/test', 'scripts', 'e2e', 'scale', 'bench'].flatMap((dir) =>
      sourceFiles(dir, true),
    ),
    ...['apps/server/src', 'packages/shared/src', 'packages/realtime/src'].flatMap((dir) =>
      sourceFiles(dir, true).filter((file) => /\.test\.tsx?$/.test(file)),
    ),
    'vitest.config.ts',
    'apps/web/vite.config.ts',
  ];
  return new Set(files.flatMap((file) => envReads(read(file))));
}

interface Section {
  heading: string;
  rows: string[];
}

/** The document's `## ` sections, each with the variable names of its table rows. */
function docSections(): Section[] {
  return read(docFile)
    .split(/^## /m)
    .map((chunk) => ({
      heading: chunk.split('\n', 1)[0]?.trim() ?? '',
      rows: [...chunk.matchAll(/^\| `([A-Za-z0-9_]+)` \|/gm)].map((m) => m[1] ?? ''),
    }));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const missing = (names: Iterable<string>, from: Iterable<string>) => {
  const have = new Set(from);
  return [...new Set(names)].filter((name) => !have.has(name)).sort();
};

describe('docs/CONFIGURATION.md', () => {
  const sections = docSections();
  const standalone = sections.find((s) => s.heading === standaloneHeading);
  const tests = sections.find((s) => s.heading === testsHeading);
  const serverRows = sections.filter((s) => s !== standalone).flatMap((s) => s.rows);
  const productionRows = sections.filter((s) => s !== standalone && s !== tests).flatMap((s) => s.rows);

  it('keeps its sections for the standalone realtime server and for tests', () => {
    expect(standalone, `${docFile} needs a "## ${standaloneHeading}" section`).toBeDefined();
    expect(tests, `${docFile} needs a "## ${testsHeading}" section`).toBeDefined();
  });

  it('documents every setting the server reads', () => {
    const server = serverSettings();
    // The collectors must still see the code's shape; an empty list would pass everything.
    expect(server.size).toBeGreaterThan(50);
    expect(server).toContain('FIELDPLAN_RELEASE');
    const absent = missing(server, serverRows);
    const hint = `add a row "| \`NAME\` | default | what it does | allowed values |" to its group`;
    expect(absent, `read by the server but not in ${docFile}: ${absent.join(', ')} (${hint})`).toEqual([]);
  });

  it('documents every setting the standalone realtime server reads, in its section', () => {
    const names = standaloneSettings();
    expect(names).toContain('REALTIME_APP_ID');
    const absent = missing(names, standalone?.rows ?? []);
    expect(absent, `read by ${standaloneEntry} but not in "## ${standaloneHeading}": ${absent.join(', ')}`).toEqual([]);
  });

  it("documents every FIELDPLAN_ variable the tests and CI read, in the tests' section", () => {
    const names = [...testReads()].filter((name) => name.startsWith('FIELDPLAN_'));
    expect(names).toContain('FIELDPLAN_TEST_DB');
    const absent = missing(names, tests?.rows ?? []);
    expect(absent, `read by tests or CI but not in "## ${testsHeading}": ${absent.join(', ')}`).toEqual([]);
  });

  it('lists only settings the code reads', () => {
    const server = serverSettings();
    const stale = [
      ...missing(productionRows, server),
      ...missing(standalone?.rows ?? [], standaloneSettings()).map((name) => `${name} (${standaloneHeading})`),
      ...missing(tests?.rows ?? [], [...server, ...testReads()]).map((name) => `${name} (${testsHeading})`),
    ];
    expect(stale, `rows in ${docFile} for variables nothing reads: ${stale.join(', ')}`).toEqual([]);
  });

  it('has one row per variable in each section', () => {
    const twice = sections.flatMap((s) =>
      s.rows.filter((name, i) => s.rows.indexOf(name) !== i).map((name) => `${name} (${s.heading})`),
    );
    expect(twice, `variables with more than one row: ${twice.join(', ')}`).toEqual([]);
  });

  it('is linked to by anchors that exist', () => {
    const anchors = new Set(sections.slice(1).map((s) => anchorOf(s.heading)));
    const docs = readdirSync(path.join(root, 'docs')).map((file) => `docs/${file}`);
    const linking = ['README.md', ...docs].filter((file) => file.endsWith('.md'));
    const broken = linking.flatMap((file) =>
      [...read(file).matchAll(/\]\((?:[./]*(?:docs\/)?CONFIGURATION\.md)?#([^)\s]+)\)/g)]
        .filter((m) => file === docFile || m[0].includes('CONFIGURATION.md'))
        .map((m) => m[1] ?? '')
        .filter((anchor) => !anchors.has(anchor))
        .map((anchor) => `${file} → #${anchor}`),
    );
    expect(broken, `links to headings ${docFile} doesn't have: ${broken.join(', ')}`).toEqual([]);
  });
});
