import type { Server } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { closeOutbox, type Outbox, openOutbox } from '../db/outbox.js';
import { realtimeAuthRoutes } from './auth-routes.js';
import { createChangePublisher } from './change-publisher.js';
import { resolveCredentials } from './credentials.js';
import { createEmbeddedPublisher } from './embedded.js';
import { createExternalPublisher } from './external.js';
import type { LiveEntities } from './live-entity.js';
import type { RealtimePublisher } from './publisher.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes what a background writer recorded under `runWithOutbox` (after its commit). */
    publishRecorded(outbox: Outbox): Promise<void>;
  }
  interface FastifyRequest {
    /** The changes this request recorded (writes only), published after it is answered. */
    outbox: Outbox | null;
  }
}

/**
 * Realtime in the app: the embedded server or the external service, the auth endpoints,
 * and the post-commit publishing of every change a request recorded, presented by `entities`.
 * Call before registering routes.
 */
export async function setupRealtime(
  app: FastifyInstance,
  config: Config,
  db: Db,
  entities: LiveEntities,
): Promise<RealtimePublisher> {
  const credentials = await resolveCredentials(config, db);
  const log = app.log.child({ component: 'realtime' });
  const publisher = credentials.external
    ? createExternalPublisher(credentials, log)
    : await createEmbeddedPublisher(app, config, credentials, log);
  const changes = createChangePublisher(db, entities, publisher, log);

  app.decorate('publishRecorded', (outbox: Outbox) =>
    outbox.changes.length > 0 || outbox.publishes.size > 0
      ? changes.enqueue(outbox.changes, [...outbox.publishes.values()])
      : Promise.resolve(),
  );
  app.decorateRequest('outbox', null);
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      done();
      return;
    }
    const outbox: Outbox = { changes: [], publishes: new Map() };
    request.outbox = outbox;
    // The handler runs inside this context, so recordChange finds the request's outbox. It stays
    // open until the answer is written, or until the handler answers a client that has gone.
    openOutbox(outbox, done);
  });
  // A request's recorded changes are published once its answer is written — or, when the client has
  // gone before that, as the answer is dropped: Fastify runs no onResponse then, and the write is
  // committed all the same, so every other screen must still hear of it.
  const finish = (request: FastifyRequest) => {
    const outbox = request.outbox;
    if (!outbox) return;
    request.outbox = null;
    closeOutbox(outbox);
    if (outbox.changes.length > 0 || outbox.publishes.size > 0) {
      void changes.enqueue(outbox.changes, [...outbox.publishes.values()]);
    }
  };
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (reply.raw.destroyed) finish(request);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    finish(request);
    done();
  });
  // Before the HTTP server stops: its close waits for every open connection, WebSockets included, so
  // they are told to go first (4200: reconnect, elsewhere or once this process is back); in onClose
  // a stop would wait for the clients' own ping timeouts (minutes) instead. The listener closes
  // before they are told: their reconnects (and their auth requests) are then refused, and a balancer
  // passes them to another process. Told first, they came back while the listener was closing, and a
  // connection still in the kernel's accept queue at that moment was reset after the balancer had
  // sent its request — a POST ended in 502 (docs/adr/0033-realtime-recovery-across-nodes.md).
  app.addHook('preClose', async () => {
    const ended = stopListening(app.server);
    await changes.drain();
    await publisher.close();
    await ended;
  });
  // What requests still in flight recorded: clients catch it up by seq once they are back.
  app.addHook('onClose', async () => {
    await changes.drain();
  });
  realtimeAuthRoutes(app, db, publisher);
  return publisher;
}

export type { RealtimePublisher } from './publisher.js';

/**
 * Closes the server's listener now (no new connections) and resolves once every connection has
 * ended, as the server's own close would; at once when it isn't listening (Fastify's close, which
 * follows, then finds it closed already).
 */
function stopListening(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
  });
}
