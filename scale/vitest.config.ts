import { defineConfig } from 'vitest/config';

// The scale-out suite: nginx in front of two built Fieldplan processes on one PostgreSQL and one
// private Redis, each spec starting its own cluster (scale/support/cluster.ts). Run by scale/run.mjs.
export default defineConfig({
  test: {
    include: ['scale/specs/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // One cluster at a time: four processes, nginx and Chromium already fill a 2-core machine.
    fileParallelism: false,
    pool: 'forks',
  },
});
