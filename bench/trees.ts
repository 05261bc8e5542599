// Before/after in one run: BENCH_BASE_DIR names another checkout of Fieldplan (a `git worktree` of an
// earlier commit, with `npm ci` and `npm run build` done in it). A bench that supports it measures the
// same thing on both trees in one process, round by round, so load from elsewhere on the machine falls
// on both alike. Unset, a bench measures this tree only, as before.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface Tree {
  /** `now` for this checkout, `base` for BENCH_BASE_DIR's. */
  label: 'now' | 'base';
  root: string;
}

const baseDir = process.env.BENCH_BASE_DIR;

export const trees: Tree[] = [
  { label: 'now', root: fileURLToPath(new URL('..', import.meta.url)) },
  ...(baseDir ? [{ label: 'base' as const, root: path.resolve(baseDir) }] : []),
];

/** Rounds per measurement: BENCH_ROUNDS, or 3 when a base is compared (1 otherwise). */
const rounds = Number(process.env.BENCH_ROUNDS ?? (baseDir ? 3 : 1));

/**
 * Measures each of `items` (one a tree) `rounds` times, taking turns and alternating who goes first;
 * each item's results in the order measured.
 */
export async function interleaved<S, T>(items: S[], measure: (item: S) => Promise<T>): Promise<Map<S, T[]>> {
  const results = new Map<S, T[]>(items.map((item) => [item, []]));
  for (let round = 0; round < rounds; round++)
    for (const item of round % 2 === 0 ? items : [...items].reverse()) results.get(item)?.push(await measure(item));
  return results;
}

/**
 * A tree's module by its path from the tree's root (`apps/server/src/app.ts`), loaded by this
 * process's tsx: each tree runs its own code, dependencies and migrations.
 */
export function importFrom<T>(tree: Tree, file: string): Promise<T> {
  return import(pathToFileURL(path.join(tree.root, file)).href) as Promise<T>;
}

/** `now ÷ base` of two numbers, as `1.07×`. */
export const ratio = (now: number, base: number) => `${(now / base).toFixed(2)}×`;

/**
 * A tree's server on 127.0.0.1 with a fresh database and that tree's seeded calendar week
 * (bench/calendar-week.seed.ts), serving `webDist` too when given; `login` signs in as its owner.
 */
export async function weekServer(tree: Tree, dialect: 'sqlite' | 'postgres', webDist = '') {
  const { buildApp } = await importFrom<typeof import('../apps/server/src/app.js')>(tree, 'apps/server/src/app.ts');
  const { loadConfig } = await importFrom<typeof import('../apps/server/src/config.js')>(
    tree,
    'apps/server/src/config.ts',
  );
  const { seedWeek } = await importFrom<typeof import('./calendar-week.seed.js')>(tree, 'bench/calendar-week.seed.ts');
  const { benchDb } = await importFrom<typeof import('./support.js')>(tree, 'bench/support.ts');
  const { db, cleanup } = await benchDb(dialect);
  const login = await seedWeek(db);
  const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), WEB_DIST: webDist };
  const app = await buildApp({ config, db, logger: false, signInPerMinute: 1_000_000 });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const close = async () => {
    await app.close();
    await cleanup();
  };
  return { address, login, close };
}
