import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { problem, sendProblem } from './problem.js';
import { problemDetails, text } from './problem-text.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** True from the stop signal on: /readyz answers 503 and every answer closes its connection. */
    draining: boolean;
  }
}

interface DrainState {
  /** Every TCP connection still open, WebSockets included. */
  sockets: Set<Socket>;
  /** From the end of the drain on: requests a balancer may send elsewhere are refused (see `handOver`). */
  handingOver: boolean;
  lastConnectionAt: number;
  connectionsWhileHandingOver: number;
  lastRefusalAt: number | null;
}

const drainStates = new WeakMap<FastifyInstance, DrainState>();

/**
 * Methods a balancer sends again to another process after a 503 (nginx resends all but POST, PATCH
 * and LOCK). The refusal comes before any hook that reads the session, so nothing has run for them.
 */
const movableMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
/** Probes speak for this process itself: liveness stays 200, readiness has its own 503. */
const probePaths = new Set(['/healthz', '/readyz']);

function movable(request: FastifyRequest): boolean {
  if (!movableMethods.has(request.method)) return false;
  const query = request.url.indexOf('?');
  return !probePaths.has(query === -1 ? request.url : request.url.slice(0, query));
}

/**
 * What a graceful stop needs from the app, set up when it is built (before the session hooks): the
 * `draining` flag, an answer header that ends keep-alive once draining (each client's next request
 * opens a new connection, to a process that is staying), every TCP connection counted — WebSockets
 * included, which the HTTP server no longer tracks once upgraded — so the ones still open at the
 * deadline can be cut, and the handover's refusal of movable requests.
 */
export function registerDrain(app: FastifyInstance): void {
  const state: DrainState = {
    sockets: new Set(),
    handingOver: false,
    lastConnectionAt: 0,
    connectionsWhileHandingOver: 0,
    lastRefusalAt: null,
  };
  drainStates.set(app, state);
  app.decorate('draining', false);
  app.server.on('connection', (socket: Socket) => {
    state.sockets.add(socket);
    socket.once('close', () => state.sockets.delete(socket));
    state.lastConnectionAt = Date.now();
    if (state.handingOver) state.connectionsWhileHandingOver += 1;
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (!state.handingOver || !movable(request)) return done();
    state.lastRefusalAt = Date.now();
    // No handler ran: a balancer may send it to another process, and counts this one as failed.
    sendProblem(reply, problem('unavailable', text(problemDetails.stopping), { retryAfter: 1 }));
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

/** No new connection for this long: whoever was sending has stopped (nginx connects at once). */
const handoverSettleMs = 250;
/** A refusal this recent still keeps nginx away: it leaves a failed process out for fail_timeout (2 s). */
const refusalHoldsMs = 1_000;
/** The handover's longest wait, when connections keep arriving and none can be refused. */
const handoverMaxMs = 2_000;

/**
 * Waits until the listener can close with no connection in the kernel's accept queue: such a
 * connection is reset when the listener closes, after the balancer has sent its request, and a
 * balancer never resends a POST it sent (502). nginx without active health checks learns that a
 * process is going only from a failed request, so until the listener closes every movable request is
 * refused (503, before any handler: nginx sends it to the other process and leaves this one out for
 * fail_timeout). Done when no connection came for `handoverSettleMs` and either none came at all
 * (nobody is sending: an active-check balancer stopped during the drain) or the last refusal is
 * recent enough that nginx still leaves this process out (docs/adr/0033).
 */
async function handOver(state: DrainState, maxMs: number): Promise<'quiet' | 'moved' | 'busy'> {
  const started = Date.now();
  state.handingOver = true;
  state.lastConnectionAt = started;
  for (;;) {
    await sleep(25);
    const now = Date.now();
    if (now - state.lastConnectionAt >= handoverSettleMs) {
      if (state.connectionsWhileHandingOver === 0) return 'quiet';
      if (state.lastRefusalAt !== null && now - state.lastRefusalAt <= refusalHoldsMs) return 'moved';
    }
    if (now - started >= maxMs) return 'busy';
  }
}

/**
 * Stops the app gracefully, within `timeoutMs`:
 * 1. draining: /readyz answers 503 so load balancers with health checks stop sending; requests are
 *    still served, each answer with `Connection: close`;
 * 2. after `drainMs`, the handover (`handOver`): requests a balancer can resend elsewhere are refused
 *    with 503 until nobody sends, so the listener closes with nothing in its accept queue;
 * 3. `app.close()`: no new connections, realtime clients told to reconnect (4200), idle keep-alive
 *    connections closed, requests already received finish;
 * 4. a second before the deadline, whatever is still open is destroyed — a WebSocket that doesn't
 *    read its close frame, a request that hangs — so the process never waits on a client.
 * Resolves 'clean' when everything closed by itself, 'cut' when connections had to be destroyed.
 */
export async function shutDown(app: FastifyInstance, options: ShutdownOptions): Promise<'clean' | 'cut'> {
  const { drainMs, timeoutMs, log } = options;
  const state = drainStates.get(app);
  if (!state) throw new Error('shutDown needs registerDrain(app) when the app is built');
  const started = Date.now();
  app.draining = true;
  log.info({ drainMs, timeoutMs }, 'shutdown: draining (readyz answers 503)');
  await sleep(drainMs);

  const handover = await handOver(state, Math.min(handoverMaxMs, Math.max(0, (timeoutMs - drainMs - afterCutMs) / 2)));
  const handoverLog = { handover, refused: state.lastRefusalAt !== null, ms: Date.now() - started - drainMs };
  if (handover === 'busy') log.warn(handoverLog, 'shutdown: connections still arriving, closing the listener anyway');
  log.info(handoverLog, 'shutdown: closing (no new connections, finishing the requests received)');
  let cut = false;
  lateIdleClose(app.server);
  const closing = app.close();
  const cutAt = Math.max(0, timeoutMs - afterCutMs - (Date.now() - started));
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      if (state.sockets.size > 0) {
        cut = true;
        log.warn({ connections: state.sockets.size }, 'shutdown: deadline near, cutting the connections still open');
        for (const socket of state.sockets) socket.destroy();
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
