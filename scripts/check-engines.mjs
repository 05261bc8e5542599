#!/usr/bin/env node
// Every installed package runs on every Node version the project promises: package.json's `engines.node`
// is a subset of the `engines.node` of each package in package-lock.json. Else `npm install` warns
// EBADENGINE on some version the README names. Usage: node scripts/check-engines.mjs [package-lock.json]
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { root } from './lib.mjs';

/** The packages (lock key, version, their engines.node) that some promised Node version does not satisfy. */
export function engineMisfits(manifest, lock) {
  const promised = manifest.engines.node;
  // Each branch's lowest version names a version that fails, for the message.
  const minimums = new semver.Range(promised).set.map((set) => semver.minVersion(set.map(String).join(' ')));
  const misfits = [];
  for (const [key, entry] of Object.entries(lock.packages)) {
    const wanted = entry.engines?.node;
    // Only the form npm itself reads: an object naming node (old manifests have an array, ignored by npm).
    if (!key || typeof wanted !== 'string') continue;
    if (semver.subset(promised, wanted)) continue;
    const failing = minimums.filter((version) => !semver.satisfies(version, wanted)).map(String);
    misfits.push({ key, version: entry.version, wanted, failing: failing.length > 0 ? failing : ['all of it'] });
  }
  return misfits;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lockFile = process.argv[2] ?? path.join(root, 'package-lock.json');
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const misfits = engineMisfits(manifest, JSON.parse(fs.readFileSync(lockFile, 'utf8')));
  for (const m of misfits) {
    console.error(`${m.key}@${m.version} wants node ${m.wanted}: not ${m.failing.join(', ')} (and maybe more)`);
  }
  console.log(`engines: ${misfits.length} package(s) outside node ${manifest.engines.node}`);
  process.exit(misfits.length > 0 ? 1 : 0);
}
