import { realtimeLimits } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { pruneBefore } from './queries.js';

const dayMs = 24 * 60 * 60 * 1000;
const everyMs = 60 * 60 * 1000;

/** Location history older than 30 days goes (docs/PRODUCT.md, "Limits"): at start, then hourly; every process may run it. */
export function startLocationPruning(app: FastifyInstance, db: Db): void {
  const prune = () =>
    pruneBefore(db.kysely, Date.now() - realtimeLimits.locationHistoryDays * dayMs).catch((err: unknown) =>
      app.log.warn({ err }, 'locations: pruning history failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void prune();
    timer = setInterval(() => void prune(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
