import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the stop signal on: /readyz answers 503 and every answer closes its connection. */
    draining: boolean;
  }
}

const openSockets = new WeakMap<FastifyInstance, Set<Socket>>();

/**
 * What a graceful stop needs from the app, set up when it is built: the `draining` flag, an answer
 * header that ends keep-alive once draining (each client's next request opens a new connection,
 * to a process that is staying), and every TCP connection counted — WebSockets included, which the
 * HTTP server no longer tracks once upgraded — so the ones still open at the deadline can be cut.
 */
export function registerDrain(app: FastifyInstance): void {
  const sockets = new Set<Socket>();
  openSockets.set(app, sockets);
  app.decorate('draining', false);
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('onSend', (_request, reply, _payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done();
  });
}

export interface ShutdownOptions {
  /** How long /readyz answers 503 while everything is still served (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** From the signal to a closed server (SHUTDOWN_TIMEOUT_MS); the connections still open then are cut. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** Time kept back from the deadline for what follows the cut (closing hooks, the database pool). */
const afterCutMs = 1_000;

/** How long a connection accepted just before the listener closed has to send its request. */
const acceptedGraceMs = 500;

/**
 * Node's `server.close()` closes idle connections at once, and a connection accepted a moment ago
 * whose request has not been read yet counts as idle: its client sent a request and gets a reset.
 * Closing them a little later instead lets those requests arrive and be answered (with
 * `Connection: close`); connections idle since before the drain are closed then as well.
 */
function lateIdleClose(server: Server): void {
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    setTimeout(closeIdle, acceptedGraceMs).unref();
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Stops the app gracefully, within `timeoutMs`:
 * 1. draining: /readyz answers 503 so load balancers stop sending; requests are still served, each
 *    answer with `Connection: close`;
 * 2. after `drainMs`, `app.close()`: no new connections, realtime clients told to reconnect (4200),
 *    idle keep-alive connections closed, requests already received finish;
 * 3. a second before the deadline, whatever is still open is destroyed — a WebSocket that doesn't
 *    read its close frame, a request that hangs — so the process never waits on a client.
 * Resolves 'clean' when everything closed by itself, 'cut' when connections had to be destroyed.
 */
export async function shutDown(app: FastifyInstance, options: ShutdownOptions): Promise<'clean' | 'cut'> {
  const { drainMs, timeoutMs, log } = options;
  const started = Date.now();
  app.draining = true;
  log.info({ drainMs, timeoutMs }, 'shutdown: draining (readyz answers 503)');
  await sleep(drainMs);

  log.info('shutdown: closing (no new connections, finishing the requests received)');
  let cut = false;
  lateIdleClose(app.server);
  const closing = app.close();
  const cutAt = Math.max(0, timeoutMs - afterCutMs - (Date.now() - started));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      const sockets = openSockets.get(app) ?? new Set<Socket>();
      if (sockets.size > 0) {
        cut = true;
        log.warn({ connections: sockets.size }, 'shutdown: deadline near, cutting the connections still open');
        for (const socket of sockets) socket.destroy();
      }
      resolve();
    }, cutAt);
  });
  await Promise.race([closing, deadline]);
  // After a cut the server's close completes at once (no connection left); wait for its hooks.
  if (cut) await closing;
  clearTimeout(timer);
  return cut ? 'cut' : 'clean';
}
