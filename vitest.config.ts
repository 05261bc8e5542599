import { configDefaults, defineConfig } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'];
/**
 * Server files that change the process itself — Sentry's global client and its crash handlers,
 * process listeners — run each in a fresh module world, so nothing they set reaches the next file.
 */
const serverTestsAlone = [
  'apps/server/test/faults-*.test.ts',
  'apps/server/test/monitoring-*.test.ts',
  'apps/server/test/system.test.ts',
];

// One runner for unit, component and integration tests. `npm test` runs them on SQLite;
// FIELDPLAN_TEST_DB=postgres runs the same server suites on a fresh PostgreSQL database per file.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
          // The property tests (2,000 random rules against rrule) take seconds on a busy machine.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'realtime',
          include: ['packages/realtime/src/**/*.test.ts', 'packages/realtime/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: serverTests,
          exclude: [...configDefaults.exclude, ...serverTestsAlone],
          environment: 'node',
          // A worker keeps the modules it loaded from one file to the next: each file builds its own app
          // on its own database, and loading the server's modules anew for each of ~140 files was most of
          // the suite's time (docs/ARCHITECTURE.md, "Tests").
          isolate: false,
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-alone',
          include: serverTestsAlone,
          environment: 'node',
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Each file in a fresh VM context of a reused worker: a new jsdom per file in a new process was
          // most of this project's time (docs/PERFORMANCE.md, "npm test").
          pool: 'vmThreads',
          setupFiles: ['./src/test/setup.ts'],
          // Above setup.ts's 5 s findBy/waitFor wait: a test that waits that long must not time out first.
          testTimeout: 15_000,
        },
      },
    ],
    pool: 'forks',
    maxWorkers: 2,
  },
});
