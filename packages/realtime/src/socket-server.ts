import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { unsubscribeAll } from './channels/subscriptions.js';
import { onClientMessage } from './client-frames.js';
import { Connection } from './connection.js';
import type { ServerContext } from './context.js';
import { CloseCode } from './protocol/codes.js';
import { frames } from './protocol/messages.js';
import { newSocketId } from './protocol/socket-id.js';

const APP_PATH = /^\/app\/([^/]+)\/?$/;
const SUPPORTED_PROTOCOLS = new Set(['5', '6', '7']);

/** Upgrades `/app/:key` requests to Pusher protocol connections. */
export function createSocketServer(
  ctx: ServerContext,
  allowedOrigins: readonly string[] | undefined,
  clientAddress?: (req: IncomingMessage) => string,
) {
  const wss = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    // Frames over the protocol limit get a 4303 error and the connection stays; only absurd ones make ws close (1009).
    maxPayload: Math.max(64 * 1024, ctx.limits.maxMessageBytes * 4),
  });
  const origins =
    allowedOrigins && !allowedOrigins.includes('*') ? new Set(allowedOrigins.map((o) => o.toLowerCase())) : undefined;
  let closing = false;

  /** Handles the upgrade when its path is ours; false leaves it to other listeners. */
  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = APP_PATH.exec(url.pathname);
    if (!match) return false;
    const origin = req.headers.origin;
    if (origins && origin !== undefined && !origins.has(origin.toLowerCase())) {
      ctx.logger.warn({ origin }, 'realtime: upgrade refused, origin not allowed');
      socket.end(
        'HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: 9\r\n\r\nForbidden',
      );
      return true;
    }
    const address = clientAddress?.(req) ?? req.socket.remoteAddress ?? '';
    wss.handleUpgrade(req, socket, head, (ws) =>
      open(ws, socket, decodeKey(match[1] ?? ''), url.searchParams, address),
    );
    return true;
  }

  function open(ws: WebSocket, socket: Duplex, key: string, query: URLSearchParams, address: string): void {
    const refusal = refusalFor(key, query.get('protocol'), address);
    if (refusal) {
      // Protocol 7 closes with a code; the `pusher:error` first also serves clients that read frames, not codes.
      ws.send(frames.error(refusal.code, refusal.message));
      ws.close(refusal.code, refusal.message);
      return;
    }
    const { clientEventsPerSecond, maxBufferedBytes } = ctx.limits;
    const id = newSocketId();
    const conn = new Connection(ws, socket, id, clientEventsPerSecond, maxBufferedBytes, ctx.hub.traffic, address);
    ctx.hub.add(conn);
    conn.onClosed = () => {
      ctx.hub.remove(conn);
      const cleanup = conn.queue.then(() => unsubscribeAll(ctx, conn));
      ctx.track(cleanup.catch((err: unknown) => ctx.logger.error({ err }, 'realtime: clean-up failed')));
    };
    ws.on('message', (data, isBinary) => {
      ctx.hub.traffic.in += 1;
      onClientMessage(ctx, conn, data, isBinary);
    });
    ws.on('pong', () => conn.touch());
    ws.on('close', () => conn.markClosed());
    ws.on('error', (err) => ctx.logger.debug({ err, socketId: conn.socketId }, 'realtime: socket error'));
    conn.send(frames.connectionEstablished(conn.socketId, ctx.limits.activityTimeoutSeconds));
  }

  function refusalFor(key: string, protocol: string | null, address: string): { code: number; message: string } | null {
    if (key !== ctx.key)
      return { code: CloseCode.AppNotFound, message: `Application key ${key.slice(0, 40)} does not exist` };
    if (protocol === null) return { code: CloseCode.NoProtocol, message: 'No protocol version supplied' };
    if (!SUPPORTED_PROTOCOLS.has(protocol))
      return { code: CloseCode.UnsupportedProtocol, message: 'Unsupported protocol version' };
    if (closing) return { code: CloseCode.GoingAway, message: 'Server shutting down' };
    if (ctx.hub.connections.size >= ctx.limits.maxConnections)
      return { code: CloseCode.OverCapacity, message: 'Over capacity' };
    if (ctx.hub.connectionsFrom(address) >= ctx.limits.maxConnectionsPerAddress)
      return { code: CloseCode.OverCapacity, message: 'Too many connections from this address' };
    return null;
  }

  return {
    handleUpgrade,
    /** Closes every connection with 4200 so clients reconnect at once (to another process). */
    closeAll(): void {
      closing = true;
      for (const conn of [...ctx.hub.connections.values()]) conn.close(CloseCode.GoingAway, 'Server shutting down');
    },
  };
}

function decodeKey(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
