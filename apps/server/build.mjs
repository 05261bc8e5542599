// Bundles the server (and the shared package it imports from source) into dist/main.js.
// npm dependencies stay external: they are installed next to it.
import { build } from 'esbuild';

await build({
  entryPoints: { main: 'src/main.ts', 'seed-cli': 'src/db/seed-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // @fieldplan/shared is TypeScript source: bundle it instead of leaving it external.
  alias: { '@fieldplan/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
