import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { problem, sendProblem } from './problem.js';

/** Paths of the API, iCal links, realtime, health and metrics: never the web app's pages. */
export const isApiPath = (url: string) => /^\/(api|ical|app|apps|healthz|readyz|metrics)(\/|$|\?)/.test(url);

/**
 * Serves the built SPA: files as they are — brotli or gzip when the browser takes it, from the
 * copies the web build writes beside each file (`precompress` in apps/web/vite.config.ts) — and index.html for
 * every other GET that is not an API path, so client-side routes survive a reload; /track/… gets the
 * tracking page's own track.html, /book/… the public booking page's book.html.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  let index: string | null = null;
  // The customer's tracking page is its own small entry of the web build.
  let trackPage: string | null = null;
  // So is the public booking page (a business's customers, maybe inside an iframe on its site).
  let bookPage: string | null = null;
  if (distDir && indexFile && fs.existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
    });
    index = fs.readFileSync(indexFile, 'utf8');
    const trackFile = path.join(distDir, 'track.html');
    if (fs.existsSync(trackFile)) trackPage = fs.readFileSync(trackFile, 'utf8');
    const bookFile = path.join(distDir, 'book.html');
    if (fs.existsSync(bookFile)) bookPage = fs.readFileSync(bookFile, 'utf8');
  } else if (distDir) {
    app.log.warn({ distDir }, 'web app not built: serving the API only');
  }
  app.setNotFoundHandler((request, reply) => {
    if (index !== null && request.method === 'GET' && !isApiPath(request.url)) {
      if (request.url.startsWith('/assets/')) {
        return sendProblem(reply, problem('not_found', 'No such file'));
      }
      const page =
        trackPage !== null && request.url.startsWith('/track/')
          ? trackPage
          : bookPage !== null && request.url.startsWith('/book/')
            ? bookPage
            : index;
      return reply.type('text/html').header('cache-control', 'no-cache').send(page);
    }
    return sendProblem(reply, problem('not_found', `No route ${request.method} ${request.url.split('?')[0]}`));
  });
  if (index === null) return;
  app.addHook('onSend', async (request, reply) => {
    // The same URL answers brotli, gzip or plain by Accept-Encoding: caches must key on it.
    if (request.url.startsWith('/assets/')) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      reply.header('vary', 'accept-encoding');
    } else if (reply.getHeader('content-encoding')) {
      reply.header('vary', 'accept-encoding');
    }
  });
}
