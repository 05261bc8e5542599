#!/usr/bin/env node
// `npm run bench [name…]`: runs each bench/*.bench.ts (or the named ones) under tsx, one at a time.
// Benchmarks are not tests: they print numbers for docs/PERFORMANCE.md and assert nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const wanted = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)));
let status = 0;
for (const file of benches) {
  console.log(`\n# ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
