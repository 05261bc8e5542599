// Bundles the server (and the workspace packages it imports from source) into dist/main.js.
// npm dependencies stay external: they are installed next to it.
import { build } from 'esbuild';

await build({
  // Worker threads' code sits next to main.js, where feeds/ical/pool.ts and import/rows-thread.ts look for it.
  entryPoints: {
    main: 'src/main.ts',
    'seed-cli': 'src/db/seed-cli.ts',
    'ical-worker': 'src/modules/feeds/ical/worker.ts',
    'import-worker': 'src/modules/import/rows-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @fieldplan/shared and @fieldplan/realtime are TypeScript source: bundle them instead of leaving them
  // external (their own npm dependencies — ws, ioredis — stay external like ours).
  alias: {
    '@fieldplan/shared/i18n': '../../packages/shared/src/i18n/index.ts',
    '@fieldplan/shared': '../../packages/shared/src/index.ts',
    '@fieldplan/realtime': '../../packages/realtime/src/index.ts',
  },
  logLevel: 'warning',
});
