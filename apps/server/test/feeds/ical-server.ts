import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// A stand-in for a remote iCalendar host: a real HTTP server on 127.0.0.1 whose routes a test sets.

export const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/ical');
export const fixture = (name: string): Buffer => fs.readFileSync(path.join(fixturesDir, name));

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface IcalServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Sets (or replaces) what a path answers. */
  route(pathname: string, handler: Handler): void;
  /** Requests received per path, with their headers. */
  hits: Map<string, http.IncomingHttpHeaders[]>;
  close(): Promise<void>;
}

/** Serves an iCalendar body with optional validators; answers 304 when the client's match. */
export function calendar(
  body: Buffer | string,
  options: { etag?: string; lastModified?: string; type?: string } = {},
): Handler {
  return (req, res) => {
    const headers: Record<string, string> = { 'content-type': options.type ?? 'text/calendar; charset=utf-8' };
    if (options.etag) headers.etag = options.etag;
    if (options.lastModified) headers['last-modified'] = options.lastModified;
    const notModified =
      (options.etag && req.headers['if-none-match'] === options.etag) ||
      (options.lastModified && req.headers['if-modified-since'] === options.lastModified);
    if (notModified) {
      res.writeHead(304, headers).end();
      return;
    }
    res.writeHead(200, headers).end(body);
  };
}

export function redirect(location: string, status = 302): Handler {
  return (_req, res) => {
    res.writeHead(status, { location }).end();
  };
}

export async function startIcalServer(): Promise<IcalServer> {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, http.IncomingHttpHeaders[]>();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(pathname, [...(hits.get(pathname) ?? []), req.headers]);
    const handler = routes.get(pathname);
    if (handler) handler(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    route: (pathname, handler) => routes.set(pathname, handler),
    hits,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
