import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { type Outbox, runWithOutbox } from '../../db/outbox.js';
import { repeatWhileServing } from '../../http/repeat-while-serving.js';
import { dueFeeds } from './queries.js';
import { type FeedFetching, refreshFeed } from './refresh.js';

/** How many due feeds a process takes per look. */
const batch = 5;

/**
 * Refreshes due feeds in the background, in every process: the lease (./lease.ts) lets exactly one
 * of them fetch a given feed. Each refresh runs in its own outbox, published once it committed.
 * Draining (SIGTERM): no new feed is taken; a fetch cut at the deadline would hold its lease for 2 min.
 */
export function startFeedRefresh(app: FastifyInstance, db: Db, fetching: FeedFetching, everyMs = 30_000): void {
  repeatWhileServing(app, everyMs, 'feeds: looking for due feeds failed', async (stopping) => {
    const ids = await dueFeeds(db.kysely, Date.now(), batch);
    for (const id of ids) {
      if (stopping()) return;
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
  });
}
