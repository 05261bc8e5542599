import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { PeriodicTask } from '../db/periodic.js';
import { startPeriodic } from './repeat-while-serving.js';

/**
 * Expired sessions are refused when read (http/session.ts) but their rows stayed: every sign-in that
 * never signed out left one. Daily, once across all processes (docs/adr/0031), they are deleted.
 */
export function sessionPruning(db: Db, now: () => number = Date.now): PeriodicTask {
  return {
    name: 'sessions.prune',
    everyMs: 24 * 60 * 60 * 1000,
    leaseMs: 5 * 60 * 1000,
    run: () => db.kysely.deleteFrom('sessions').where('expires_at', '<=', now()).execute(),
  };
}

export function startSessionPruning(app: FastifyInstance, db: Db): void {
  startPeriodic(app, db, sessionPruning(db));
}
