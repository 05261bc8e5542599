import zlib from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Below this an answer goes out as it is: compressing would save less than a packet (docs/ARCHITECTURE.md). */
export const compressMinBytes = 1024;

/** Text, JSON (problem+json too) and XML; never event streams, images, zips or workbooks (compressed already). */
const compressible = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)/;

/** brotli first: smaller than gzip at the same cost on its quality 4 (the plugin's default). */
const encodings = ['br', 'gzip'] as const;
export type Encoding = (typeof encodings)[number];

/**
 * The web build's files are sent as built: their `.br`/`.gz` copies, or as they are when too small
 * to gain (`@fastify/static` marks its routes with the file they serve).
 */
const isStaticFile = (route: RouteOptions) => route.config !== undefined && 'rootPath' in (route.config as object);

/**
 * Compresses dynamic answers — API JSON, the iCal feed, CSV exports, problem+json — with brotli or
 * gzip as the request's `Accept-Encoding` allows, from 1 KB. Partial answers (206) stay as they are,
 * and the WebSocket upgrade never passes through here. Register before any route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Added before the plugin's own onRoute hook, so it runs first and the plugin leaves these routes alone.
  app.addHook('onRoute', (route) => {
    if (isStaticFile(route)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    threshold: compressMinBytes,
    encodings: [...encodings],
    customTypes: compressible,
  });
}

/** The encoding to send for a request's `Accept-Encoding`, or null for none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  return acceptEncoding ? negotiate(acceptEncoding, [...encodings]) : null;
}

/** A fixed answer (a page of the web build) compressed once, ready for every request. */
export interface Precompressed {
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export function precompress(text: string): Precompressed {
  const plain = Buffer.from(text);
  if (plain.length < compressMinBytes) return { plain };
  return {
    plain,
    br: zlib.brotliCompressSync(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(plain, { level: 9 }),
  };
}
