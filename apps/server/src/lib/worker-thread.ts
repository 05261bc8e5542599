import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/**
 * Starts a worker thread's code: the bundle's `built` file next to `main.js` (build.mjs makes it an
 * entry point of its own) when running built; when running from source (tsx, vitest) the TypeScript
 * `source` file, loaded through tsx's API — Node 20 does not apply `--import tsx` loader hooks inside
 * worker threads. Both names are relative to `here`, the caller's `import.meta.url`.
 */
export function startWorker(here: string, files: { built: string; source: string }, options: WorkerOptions): Worker {
  if (!here.endsWith('.ts')) return new Worker(new URL(files.built, here), options);
  // The ES module build of tsx's API (resolving from here gives its CommonJS twin).
  const api = pathToFileURL(
    createRequire(here)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL(files.source, here).href;
  const boot = `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
