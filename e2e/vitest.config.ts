import { defineConfig } from 'vitest/config';

// End-to-end specs drive a real Chromium against a running Fieldplan (started by e2e/run.mjs).
export default defineConfig({
  test: {
    include: ['e2e/specs/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // Fails a test on any Content-Security-Policy violation its pages met.
    setupFiles: ['e2e/support/csp-guard.ts'],
    pool: 'forks',
    // What a user sees can take a few seconds on a loaded 2-core runner (1 s is Vitest's default).
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
