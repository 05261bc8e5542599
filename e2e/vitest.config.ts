import { defineConfig } from 'vitest/config';

// End-to-end specs drive a real Chromium against a running Fieldplan (started by e2e/run.mjs).
export default defineConfig({
  test: {
    include: ['e2e/specs/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
