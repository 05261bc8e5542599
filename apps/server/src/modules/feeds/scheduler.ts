import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { type Outbox, runWithOutbox } from '../../db/outbox.js';
import { dueFeeds } from './queries.js';
import { type FeedFetching, refreshFeed } from './refresh.js';

/** How many due feeds a process takes per look. */
const batch = 5;

/**
 * Refreshes due feeds in the background, in every process: the lease (./lease.ts) lets exactly one
 * of them fetch a given feed. Each refresh runs in its own outbox, published once it committed.
 */
export function startFeedRefresh(app: FastifyInstance, db: Db, fetching: FeedFetching, everyMs = 30_000): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let closing = false;

  async function refreshDue(): Promise<void> {
    const ids = await dueFeeds(db.kysely, Date.now(), batch);
    for (const id of ids) {
      if (closing || app.draining) return;
      const outbox: Outbox = { changes: [], publishes: new Map() };
      try {
        const outcome = await runWithOutbox(outbox, () =>
          refreshFeed(db.kysely, id, fetching, null, { dueOnly: true }),
        );
        if (outcome.kind === 'failed') app.log.info({ feedId: id, reason: outcome.reason }, 'feeds: refresh failed');
      } catch (err) {
        app.log.warn({ err, feedId: id }, 'feeds: refreshing a feed failed');
      }
      await app.publishRecorded(outbox);
    }
  }

  const tick = () => {
    // Draining (SIGTERM): take no new feed; a fetch cut at the deadline would hold its lease for 2 min.
    if (running || app.draining) return;
    running = refreshDue()
      .catch((err: unknown) => app.log.warn({ err }, 'feeds: looking for due feeds failed'))
      .finally(() => {
        running = null;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closing = true;
    clearInterval(timer);
    await running;
  });
}
