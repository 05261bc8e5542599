import http, { type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyHttpOptions } from 'fastify';
import type { Config } from '../config.js';
import { problem } from './problem.js';

type ConnectionConfig = Pick<
  Config,
  'HTTP_HEADERS_TIMEOUT_MS' | 'HTTP_REQUEST_TIMEOUT_MS' | 'HTTP_KEEP_ALIVE_TIMEOUT_MS'
>;

/**
 * How often Node sweeps connections for the headers and request deadlines. Node's 30 s default let
 * a socket live up to 30 s past its deadline; a fifth of the headers deadline (at most 2 s) keeps the
 * overshoot small while a sweep stays cheap (it only walks connections still receiving a request).
 */
export const checkIntervalMs = (headersMs: number) => Math.max(50, Math.min(2000, Math.floor(headersMs / 5)));

/** A raw HTTP/1.1 answer carrying a problem+json body; the socket is closed after it. */
function rawProblem(status: number, reason: string, body: object): string {
  const json = JSON.stringify(body);
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`;
}

/** The answer to what the parser refused: 408 past a deadline, 431 over the header limit, else 400. */
function clientErrorAnswer(code: string | undefined): string {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return rawProblem(408, 'Request Timeout', problem('request_timeout', 'The request did not arrive in time'));
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    // Node counts the request line (so the URL) and the headers together against maxHeaderSize.
    const detail = `The URL and headers are too large (max ${Math.round(http.maxHeaderSize / 1024)} KB together)`;
    return rawProblem(431, 'Request Header Fields Too Large', problem('headers_too_large', detail));
  }
  return rawProblem(400, 'Bad Request', problem('validation_failed', 'The request is malformed'));
}

/**
 * Answers what Node's HTTP parser refuses before Fastify sees a request: a request (or an idle
 * socket) past its deadline is 408, an over-long URL or header 431, anything malformed 400 —
 * problem+json like every other error.
 */
function onClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) socket.write(clientErrorAnswer(error.code));
  // Closed once the answer is written, even if the client keeps its side open.
  socket.destroySoon();
}

/**
 * The Fastify/Node server options that close idle and stalled connections. Node's headers deadline
 * also covers a socket that never sends a byte (checked on Node 20: it gets the 408 too). WebSocket
 * upgrades leave the HTTP parser once upgraded, so none of these deadlines apply to them.
 */
export function connectionOptions(config: ConnectionConfig): Partial<FastifyHttpOptions<Server>> {
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: checkIntervalMs(config.HTTP_HEADERS_TIMEOUT_MS),
    },
    clientErrorHandler: onClientError,
  };
}
