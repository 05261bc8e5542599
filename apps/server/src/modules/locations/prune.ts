import { realtimeLimits } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { PeriodicTask } from '../../db/periodic.js';
import { startPeriodic } from '../../http/repeat-while-serving.js';
import { pruneBefore } from './queries.js';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * Location history older than 30 days goes (docs/PRODUCT.md, "Limits"): hourly, once across all
 * processes on the database (the lease row of db/periodic.ts; the first process up runs it at once).
 */
export function locationPruning(db: Db, now: () => number = Date.now): PeriodicTask {
  return {
    name: 'locations.prune',
    everyMs: 60 * 60 * 1000,
    leaseMs: 5 * 60 * 1000,
    run: () => pruneBefore(db.kysely, now() - realtimeLimits.locationHistoryDays * dayMs),
  };
}

export function startLocationPruning(app: FastifyInstance, db: Db): void {
  startPeriodic(app, db, locationPruning(db));
}
