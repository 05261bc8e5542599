import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';
import { defaultFetchPolicy, type FetchPolicy } from './fetch/fetcher.js';
import { type IcalWorkerParts, icalDeadlines, useIcalThreads } from './ical/pool.js';
import { processLeaseOwner } from './lease.js';
import { type RefreshBudgetLimits, refreshBudgetLimits } from './refresh-budget.js';
import { feedRoutes } from './routes.js';
import { startFeedRefresh } from './scheduler.js';
import { feedTokenRoutes } from './token-routes.js';

export { busyIntervals, toInstants } from './busy.js';
export { endLinksOfWorkspace } from './link-life.js';
export { feedLive } from './live.js';

export interface FeedOptions {
  /** Overrides of the fetch policy (tests: a DNS stand-in, short timeouts). */
  policy?: Partial<FetchPolicy>;
  /** The background refresh loop (default on; tests refresh explicitly). */
  background?: boolean;
  /** How often the loop looks for due feeds (default 30 s). */
  intervalMs?: number;
  /** Shorter iCal worker deadlines (tests; the defaults are in `ical/limits.ts`). */
  deadlines?: Partial<typeof icalDeadlines>;
  /** Another refresh budget per workspace (tests; the default is in `refresh-budget.ts`). */
  refreshBudget?: Partial<RefreshBudgetLimits>;
  /** Other iCal threads (tests: threads kept waiting for a core). */
  icalThreads?: Partial<IcalWorkerParts>;
}

/** Calendar feeds: import routes, iCal links and the background refresh. */
export function registerFeeds(app: FastifyInstance, deps: Deps, options: FeedOptions = {}): void {
  const { config } = deps;
  const policy: FetchPolicy = {
    ...defaultFetchPolicy,
    allowLoopback: config.FEEDS_ALLOW_LOOPBACK,
    allowedPorts: config.FEEDS_ALLOWED_PORTS,
    ...options.policy,
  };
  overrideForThisApp(app, options);
  const fetching = { policy, owner: processLeaseOwner };
  feedRoutes(app, deps, fetching);
  feedTokenRoutes(app, deps);
  if (options.background !== false) startFeedRefresh(app, deps.db, fetching, options.intervalMs);
}
export { blockedReason } from './fetch/address.js';

/**
 * A test's deadlines, iCal threads and refresh budget are process-wide settings: they last as long as
 * the app that asked for them, so the next test file in the same worker starts from the defaults
 * (docs/ARCHITECTURE.md, "Tests").
 */
function overrideForThisApp(app: FastifyInstance, options: FeedOptions): void {
  if (options.deadlines) {
    const before = { ...icalDeadlines };
    Object.assign(icalDeadlines, options.deadlines);
    app.addHook('onClose', async () => {
      Object.assign(icalDeadlines, before);
    });
  }
  if (options.refreshBudget) {
    const before = { ...refreshBudgetLimits };
    Object.assign(refreshBudgetLimits, options.refreshBudget);
    app.addHook('onClose', async () => {
      Object.assign(refreshBudgetLimits, before);
    });
  }
  if (options.icalThreads) {
    useIcalThreads(options.icalThreads);
    app.addHook('onClose', async () => useIcalThreads({}));
  }
}
