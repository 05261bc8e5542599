import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const featureDoor = /\/src\/features\/[^/]+\/index\.ts$/;
const apiTarget = process.env.FIELDPLAN_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [englishMessages(), react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/app': { target: apiTarget, ws: true },
      '/ical': { target: apiTarget },
      '/healthz': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app, and the customer's tracking page and public booking page as pages of their own
      // (served for /track/:token and /book/:slug).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        track: fileURLToPath(new URL('./track.html', import.meta.url)),
        book: fileURLToPath(new URL('./book.html', import.meta.url)),
      },
      // @fieldplan/shared is pure (schemas, constants, functions): let unused parts, like the
      // recurrence engine and its rrule dependency, drop out of screens that don't use them.
      // A feature's index.ts (its door for other features) only re-exports: taking one thing through it
      // must not load the rest of the feature (Leaflet, FullCalendar) into the importing screen's chunk.
      treeshake: {
        moduleSideEffects: (id: string) => !id.includes('/packages/shared/') && !featureDoor.test(id),
      },
    },
  },
});

const englishCatalog = fileURLToPath(new URL('./src/lib/i18n/messages/en.json', import.meta.url));
/** A message id where the code names one: `id="board.newJob"` (JSX) or `id: 'board.newJob'` (a descriptor). */
const messageId = /\bid(=|:\s*)(["'])([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9]+)+)\2/g;

/**
 * The code names message ids only; their English is in messages/en.json (docs/adr/0042-languages.md).
 * This writes each id's English beside it, as the `defaultMessage` react-intl shows when the page's
 * catalog has no other text — so English travels in the chunk of the screen that shows it, and a page
 * loads no catalog at all to speak English.
 */
export function englishMessages(): Plugin {
  let english: Record<string, string> | undefined;
  return {
    name: 'fieldplan-english-messages',
    enforce: 'pre',
    watchChange(id) {
      if (id === englishCatalog) english = undefined;
    },
    transform(code, id) {
      if (!/\/src\/.+\.tsx?$/.test(id) || id.includes('/node_modules/')) return undefined;
      this.addWatchFile(englishCatalog);
      english ??= JSON.parse(readFileSync(englishCatalog, 'utf8')) as Record<string, string>;
      const catalog = english;
      let changed = false;
      const out = code.replace(messageId, (named, separator: string, _quote, key: string) => {
        if (!Object.hasOwn(catalog, key)) return named;
        changed = true;
        const text = JSON.stringify(catalog[key]);
        return separator === '=' ? `${named} defaultMessage={${text}}` : `${named}, defaultMessage: ${text}`;
      });
      return changed ? { code: out, map: null } : undefined;
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; source maps only go to developer tools, images are compressed already. */
const compressible = /\.(js|mjs|css|json|svg|html|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet. */
const minBytes = 1024;

/**
 * Writes `.br` and `.gz` beside every compressible file of the build, so the server sends each
 * asset compressed (`@fastify/static` with `preCompressed`) without compressing on every request:
 * brotli at its best quality costs seconds once, at build time, not per download.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fieldplan-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true }))
        .map((name) => path.join(outDir, name))
        .filter((file) => compressible.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(file);
          if (data.length < minBytes) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          // A copy that isn't smaller is not worth a second file.
          if (br.length < data.length) await fs.writeFile(`${file}.br`, br);
          if (gz.length < data.length) await fs.writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
