import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpApiHandler } from './router.js';

/*
 * Structural types for the few Fastify calls the plugin makes, so this package needs no Fastify at
 * run time. The plugin stays encapsulated (no `skip-override`), so its raw-body parser applies to its
 * own routes only.
 */
interface FastifyRequestLike {
  raw: IncomingMessage;
  body?: unknown;
}
interface FastifyReplyLike {
  raw: ServerResponse;
  hijack(): void;
}
export interface FastifyInstanceLike {
  removeAllContentTypeParsers(): void;
  addContentTypeParser(
    contentType: string,
    options: { parseAs: 'string'; bodyLimit: number },
    parser: (req: unknown, body: string, done: (err: Error | null, body?: unknown) => void) => void,
  ): void;
  route(options: {
    method: string[];
    url: string;
    handler: (request: FastifyRequestLike, reply: FastifyReplyLike) => Promise<void>;
  }): unknown;
}

/** A Fastify plugin serving the HTTP API at `/apps/:appId/*` (register it without a prefix). */
export function createFastifyPlugin(handle: HttpApiHandler, bodyLimit: number) {
  return function realtimeHttpApi(instance: FastifyInstanceLike, _opts: unknown, done: (err?: Error) => void): void {
    instance.removeAllContentTypeParsers();
    // The signature covers the body's MD5, so the handler needs the exact bytes, not re-serialized JSON.
    instance.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, next) => next(null, body));
    instance.route({
      method: ['GET', 'POST'],
      url: '/apps/*',
      handler: async (request, reply) => {
        reply.hijack();
        const body = typeof request.body === 'string' ? request.body : '';
        const handled = await handle(request.raw, reply.raw, body);
        if (!handled) {
          reply.raw.writeHead(404, { 'content-type': 'application/json' });
          reply.raw.end('{"error":"Not found"}');
        }
      },
    });
    done();
  };
}
