import type { Kysely, Transaction } from 'kysely';
import { recordChange } from '../../db/changes.js';
import type { Database } from '../../db/schema.js';
import { workspaceZone } from '../workspaces/index.js';
import type { FetchPolicy } from './fetch/fetcher.js';
import { FeedFetchError } from './fetch/url.js';
import { acquireLease, releaseLease } from './lease.js';
import { type Loaded, loadFeed } from './load.js';
import type { FeedRow } from './presenter.js';
import { findFeedById, replaceFeedEvents } from './queries.js';
import { RefreshDeferred, refreshBudget } from './refresh-budget.js';

export interface FeedFetching {
  policy: FetchPolicy;
  /** Who takes leases (this process). */
  owner: string;
}

export type RefreshOutcome =
  | { kind: 'refreshed' | 'unchanged'; feed: FeedRow }
  /** The workspace's refreshes used their CPU budget: this one waits (the feed says until when). */
  | { kind: 'deferred'; feed: FeedRow }
  | { kind: 'failed'; reason: string; feed: FeedRow }
  /** Another process (or request) holds the lease: it is refreshing this feed right now. */
  | { kind: 'busy' }
  | { kind: 'gone' };

const minuteMs = 60_000;

/** After `failures` failed attempts in a row: 5, 10, 20 … minutes, never later than the feed's interval. */
export const retryDelayMs = (failures: number, refreshMinutes: number) =>
  Math.min(refreshMinutes, 5 * 2 ** Math.min(failures - 1, 10)) * minuteMs;

/** The columns a successful load sets (events are replaced separately). */
export function successColumns(feed: FeedRow, loaded: Loaded, now: number) {
  const base = {
    status: 'ok' as const,
    last_error: null,
    last_fetched_at: now,
    last_success_at: now,
    failures: 0,
    next_refresh_at: now + Number(feed.refresh_minutes) * minuteMs,
  };
  if (loaded.kind === 'not_modified') return base;
  return {
    ...base,
    etag: loaded.validators.etag,
    last_modified: loaded.validators.lastModified,
    content_hash: loaded.hash,
    event_count: loaded.parsed.items.length,
  };
}

/** A refresh's change to the feed in the change log: by the user who asked for it, or by nobody (the background). */
function recordFeedUpdate(trx: Transaction<Database>, feed: FeedRow, actorId: string | null) {
  return recordChange(trx, {
    workspaceId: feed.workspace_id,
    entity: 'feed',
    entityId: feed.id,
    action: 'updated',
    actorId,
  });
}

/** Stores a load's result for `feed` and logs the change (its events only when the content changed). */
export async function storeLoaded(db: Kysely<Database>, feed: FeedRow, loaded: Loaded, actorId: string | null) {
  const now = Date.now();
  return db.transaction().execute(async (trx) => {
    const changed = loaded.kind === 'ok' && loaded.hash !== feed.content_hash;
    if (changed) await replaceFeedEvents(trx, feed, loaded.parsed.items);
    const columns = successColumns(feed, loaded, now);
    await trx.updateTable('feed_subscriptions').set(columns).where('id', '=', feed.id).execute();
    if (changed || feed.status !== 'ok') await recordFeedUpdate(trx, feed, actorId);
    return { row: { ...feed, ...columns } as FeedRow, changed };
  });
}

/** Marks a feed failing with `reason`; its last good copy stays. */
export async function storeFailure(db: Kysely<Database>, feed: FeedRow, reason: string, actorId: string | null) {
  const now = Date.now();
  const failures = Number(feed.failures) + 1;
  const columns = {
    status: 'failing' as const,
    last_error: reason,
    last_fetched_at: now,
    failures,
    next_refresh_at: now + retryDelayMs(failures, Number(feed.refresh_minutes)),
  };
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('feed_subscriptions').set(columns).where('id', '=', feed.id).execute();
    await recordFeedUpdate(trx, feed, actorId);
    return { ...feed, ...columns } as FeedRow;
  });
}

/**
 * Marks a feed's refresh deferred until `until` (its workspace's refresh budget is spent): shown as
 * failing with the reason and the time of the next try; its copy stays and no failure is counted.
 */
export async function storeDeferral(db: Kysely<Database>, feed: FeedRow, deferred: RefreshDeferred) {
  const reason = `deferred: ${deferred.message}`;
  const columns = { status: 'failing' as const, last_error: reason, next_refresh_at: deferred.until };
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('feed_subscriptions').set(columns).where('id', '=', feed.id).execute();
    // Once per deferral: a feed already waiting changes only its time.
    if (feed.status !== 'failing' || !feed.last_error?.startsWith('deferred:')) {
      await recordChange(trx, {
        workspaceId: feed.workspace_id,
        entity: 'feed',
        entityId: feed.id,
        action: 'updated',
        actorId: null,
      });
    }
    return { ...feed, ...columns } as FeedRow;
  });
}

/**
 * Refreshes one feed under its lease, so exactly one process fetches it at a time (`dueOnly`: the
 * background loop's refresh, skipped when another process has refreshed it meanwhile): conditional
 * request with the validators of the copy we hold; a failure keeps that copy and says why. Over
 * its workspace's refresh budget nothing is fetched: the feed is marked deferred until then.
 */
export async function refreshFeed(
  db: Kysely<Database>,
  feedId: string,
  fetching: FeedFetching,
  actorId: string | null = null,
  options: { dueOnly?: boolean } = {},
): Promise<RefreshOutcome> {
  if (!(await acquireLease(db, feedId, fetching.owner, options))) return { kind: 'busy' };
  try {
    const feed = await findFeedById(db, feedId);
    if (!feed) return { kind: 'gone' };
    const zone = await workspaceZone(db, feed.workspace_id);
    const hasCopy = feed.last_success_at !== null;
    const validators = hasCopy
      ? { etag: feed.etag, lastModified: feed.last_modified }
      : { etag: null, lastModified: null };
    let loaded: Loaded;
    try {
      loaded = await refreshBudget.load(feed.workspace_id, () => loadFeed(feed.url, validators, zone, fetching.policy));
    } catch (err) {
      if (err instanceof RefreshDeferred) return { kind: 'deferred', feed: await storeDeferral(db, feed, err) };
      if (!(err instanceof FeedFetchError)) throw err;
      return { kind: 'failed', reason: err.reason, feed: await storeFailure(db, feed, err.reason, actorId) };
    }
    const stored = await storeLoaded(db, feed, loaded, actorId);
    return { kind: stored.changed ? 'refreshed' : 'unchanged', feed: stored.row };
  } finally {
    await releaseLease(db, feedId, fetching.owner);
  }
}
