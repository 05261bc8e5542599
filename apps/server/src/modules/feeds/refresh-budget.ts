import { FeedFetchError } from './fetch/url.js';
import type { Loaded } from './load.js';

/**
 * What one workspace's feed refreshes may cost this process: CPU time reading fetched files (the
 * parse worker's, as measured) within a sliding window. A feed is cheap to add and may later be
 * changed into one that costs seconds per refresh; past the budget the workspace's refreshes wait
 * instead of taking a core from everyone else (docs/adr/0039-feed-refresh-cpu-budget.md).
 */
export const refreshBudgetLimits = {
  /** CPU ms per workspace per window: a workspace's ordinary feeds use well under a second. */
  cpuMs: 10_000,
  windowMs: 30 * 60_000,
};

export type RefreshBudgetLimits = typeof refreshBudgetLimits;

/** Refreshes of a workspace are over budget until `until` (ms). */
export class RefreshDeferred extends Error {
  constructor(
    readonly until: number,
    limits: RefreshBudgetLimits,
  ) {
    const time = new Date(until).toISOString().slice(11, 16);
    super(
      `refreshing this workspace's calendars took more than ${limits.cpuMs / 1000} s of computing time in ${limits.windowMs / 60_000} minutes; next try at ${time} UTC`,
    );
  }
}

/** The CPU time workspaces' refreshes spent, per process, and whether another may start. */
export class RefreshBudget {
  private readonly charges = new Map<string, { at: number; cpuMs: number }[]>();

  constructor(
    readonly limits: RefreshBudgetLimits = refreshBudgetLimits,
    private readonly now: () => number = Date.now,
  ) {}

  charge(workspaceId: string, cpuMs: number): void {
    if (cpuMs <= 0) return;
    const list = this.recent(workspaceId);
    list.push({ at: this.now(), cpuMs });
    this.charges.set(workspaceId, list);
  }

  /** Null when the workspace may refresh now; otherwise when enough of its spending leaves the window. */
  deferredUntil(workspaceId: string): number | null {
    const list = this.recent(workspaceId);
    let spent = list.reduce((sum, c) => sum + c.cpuMs, 0);
    for (const c of list) {
      if (spent < this.limits.cpuMs) break;
      spent -= c.cpuMs;
      if (spent < this.limits.cpuMs) return c.at + this.limits.windowMs;
    }
    return null;
  }

  /** Fetches and reads a feed for the workspace, charging what reading cost; throws RefreshDeferred over budget. */
  async load(workspaceId: string, load: () => Promise<Loaded>): Promise<Loaded> {
    const until = this.deferredUntil(workspaceId);
    if (until !== null) throw new RefreshDeferred(until, this.limits);
    try {
      const loaded = await load();
      if (loaded.kind === 'ok') this.charge(workspaceId, loaded.cpuMs);
      return loaded;
    } catch (err) {
      if (err instanceof FeedFetchError) this.charge(workspaceId, err.cpuMs);
      throw err;
    }
  }

  /** The workspace's charges still in the window (older ones dropped). */
  private recent(workspaceId: string) {
    const from = this.now() - this.limits.windowMs;
    const list = (this.charges.get(workspaceId) ?? []).filter((c) => c.at > from);
    if (list.length === 0) this.charges.delete(workspaceId);
    else this.charges.set(workspaceId, list);
    return list;
  }
}

/** This process's budget (tests replace its limits through the feeds' options). */
export const refreshBudget = new RefreshBudget();
