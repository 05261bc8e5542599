import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './realtime-harness.js';

// The README promises the Node versions of package.json's `engines`: no installed package may want
// another (npm install would warn EBADENGINE there, and the package may not run). scripts/check-engines.mjs.

const check = (...args: string[]) =>
  spawnSync(process.execPath, ['scripts/check-engines.mjs', ...args], { cwd: repoRoot, encoding: 'utf8' });

describe('Node versions', () => {
  it('every package in package-lock.json supports every Node version package.json promises', () => {
    const result = check();
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('a package that wants a newer Node than promised is named', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fieldplan-engines-'));
    try {
      const lock = path.join(dir, 'package-lock.json');
      const packages = {
        '': { name: 'fieldplan' },
        'node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
        'node_modules/fine': { version: '1.0.0', engines: { node: '>=18' } },
      };
      fs.writeFileSync(lock, JSON.stringify({ lockfileVersion: 3, packages }));
      const result = check(lock);
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toBe('node_modules/cookie@2.0.2 wants node >=22: not 20.19.0 (and maybe more)');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
