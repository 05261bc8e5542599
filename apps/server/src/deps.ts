import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { RateLimiter } from './http/rate-limit.js';
import type { SessionStore } from './http/session.js';
import type { RealtimePublisher } from './realtime/publisher.js';

/** What every module's routes are built from (plain factory wiring, no container). */
export interface Deps {
  config: Config;
  db: Db;
  sessions: SessionStore;
  limiter: RateLimiter;
  limits: { signInPerMinute: number };
  /** The realtime service: publish after commit, sign channel auth, cut a member's connections. */
  realtime: RealtimePublisher;
}
