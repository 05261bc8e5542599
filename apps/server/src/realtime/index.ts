import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { realtimeAuthRoutes } from './auth-routes.js';
import { createChangePublisher } from './change-publisher.js';
import { resolveCredentials } from './credentials.js';
import { createEmbeddedPublisher } from './embedded.js';
import { createExternalPublisher } from './external.js';
import { type Outbox, type RecordedChange, runWithOutbox } from './outbox.js';
import type { RealtimePublisher } from './publisher.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes changes a background writer recorded under `runWithOutbox` (after its commit). */
    publishRecorded(changes: readonly RecordedChange[]): Promise<void>;
  }
  interface FastifyRequest {
    /** The changes this request recorded (writes only), published after it is answered. */
    outbox: Outbox | null;
  }
}

/**
 * Realtime in the app (issue 6): the embedded server or the external service, the auth endpoints,
 * and the post-commit publishing of every change a request recorded. Call before registering routes.
 */
export async function setupRealtime(app: FastifyInstance, config: Config, db: Db): Promise<RealtimePublisher> {
  const credentials = await resolveCredentials(config, db);
  const log = app.log.child({ component: 'realtime' });
  const publisher = credentials.external
    ? createExternalPublisher(credentials, log)
    : await createEmbeddedPublisher(app, config, credentials, log);
  const changes = createChangePublisher(db, publisher, log);

  app.decorate('publishRecorded', (recorded: readonly RecordedChange[]) =>
    recorded.length > 0 ? changes.enqueue(recorded) : Promise.resolve(),
  );
  app.decorateRequest('outbox', null);
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      done();
      return;
    }
    const outbox: Outbox = { changes: [] };
    request.outbox = outbox;
    // The handler runs inside this context, so recordChange finds the request's outbox.
    runWithOutbox(outbox, done);
  });
  app.addHook('onResponse', async (request) => {
    const recorded = request.outbox?.changes;
    if (recorded && recorded.length > 0) void changes.enqueue(recorded);
  });
  app.addHook('onClose', async () => {
    await changes.drain();
    await publisher.close();
  });
  realtimeAuthRoutes(app, db, publisher);
  return publisher;
}

export type { RealtimePublisher } from './publisher.js';
