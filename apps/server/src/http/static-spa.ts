import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, type Precompressed, precompress } from './compression.js';
import { problem, sendProblem } from './problem.js';
import { problemDetails, text } from './problem-text.js';

/** Paths of the API, iCal links, realtime, health and metrics: never the web app's pages. */
export const isApiPath = (url: string) => /^\/(api|ical|app|apps|healthz|readyz|metrics)(\/|$|\?)/.test(url);

/**
 * What crawlers may fetch (RFC 9309): none of the app, its API or its links, except the public
 * booking and tracking pages, which say themselves whether they may be indexed (their `noindex`
 * must be fetched to be seen; a disallowed page can still be listed from a link to it).
 */
export const robotsTxt = `# Fieldplan: the app and its API are for its users only.
User-agent: *
Disallow: /
Allow: /book/
Allow: /track/
`;

/** Sends a page of the web build, compressed once at start-up, as the request's Accept-Encoding allows. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: Precompressed) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  if (!page.br) return reply.send(page.plain);
  reply.header('vary', 'accept-encoding');
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.plain);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

/**
 * Serves the built SPA: files as they are — brotli or gzip when the browser takes it, from the
 * copies the web build writes beside each file (`precompress` in apps/web/vite.config.ts) — and index.html for
 * every other GET that is not an API path, so client-side routes survive a reload; /track/… gets the
 * tracking page's own track.html, /book/… the public booking page's book.html.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  let index: Precompressed | null = null;
  // The customer's tracking page is its own small entry of the web build.
  let trackPage: Precompressed | null = null;
  // So is the public booking page (a business's customers, maybe inside an iframe on its site).
  let bookPage: Precompressed | null = null;
  const pageOf = (file: string) => (fs.existsSync(file) ? precompress(fs.readFileSync(file, 'utf8')) : null);
  if (distDir && indexFile && fs.existsSync(indexFile)) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      preCompressed: true,
    });
    index = pageOf(indexFile);
    trackPage = pageOf(path.join(distDir, 'track.html'));
    bookPage = pageOf(path.join(distDir, 'book.html'));
  } else if (distDir) {
    app.log.warn({ distDir }, 'web app not built: serving the API only');
  }
  // A robots.txt in the web build (a self-hoster's own) is served as a file instead.
  if (!(index && distDir && fs.existsSync(path.join(distDir, 'robots.txt')))) {
    app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    if (index !== null && request.method === 'GET' && !isApiPath(request.url)) {
      if (request.url.startsWith('/assets/')) {
        return sendProblem(reply, problem('not_found', text(problemDetails.noSuchFile)));
      }
      const page =
        trackPage !== null && request.url.startsWith('/track/')
          ? trackPage
          : bookPage !== null && request.url.startsWith('/book/')
            ? bookPage
            : index;
      return sendPage(request, reply, page);
    }
    return sendProblem(
      reply,
      problem(
        'not_found',
        text(problemDetails.noRoute, { method: request.method, path: request.url.split('?')[0] ?? '' }),
      ),
    );
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
