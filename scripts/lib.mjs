// Helpers shared by the start and dev scripts: what is built, and whether a rebuild is due.
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Newest modification time (ms) of the given files and of any file under the given folders. */
export function newestMtime(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    if (!fs.statSync(dir).isDirectory()) {
      newest = Math.max(newest, fs.statSync(dir).mtimeMs);
      return;
    }
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return newest;
}

/** True when an output is missing or older than any of its sources. */
export function isStale(output, sources) {
  const file = path.join(root, output);
  if (!fs.existsSync(file)) return true;
  return fs.statSync(file).mtimeMs < newestMtime(sources);
}
