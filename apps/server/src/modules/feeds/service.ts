import { can, type FeedCreate, type FeedPatch, feedLimits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  loadAtVersion,
  recordWrite,
  type VersionedEntity,
  versionedDelete,
  versionedUpdate,
} from '../../db/versioned.js';
import { AppError, fieldError, notFound } from '../../errors/app-error.js';
import { text } from '../../http/problem-text.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import { newRowOf } from '../../lib/ids.js';
import { membersAmong } from '../members/index.js';
import { workspaceZone } from '../workspaces/index.js';
import { FeedFetchError } from './fetch/url.js';
import { type Loaded, loadFeed } from './load.js';
import { type FeedRow, presentFeed } from './presenter.js';
import { countFeeds, findFeed, listFeeds, replaceFeedEvents } from './queries.js';
import { type FeedFetching, refreshFeed, successColumns } from './refresh.js';
import { RefreshDeferred, refreshBudget } from './refresh-budget.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const loadRefusals = defineMessages({
  unreachable: { id: 'problems.feeds.unreachable' },
});

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  notMember: { id: 'problems.jobs.assigneeNotMember' },
  deactivated: { id: 'problems.jobs.assigneeDeactivated' },
  notTechnician: { id: 'problems.feeds.busyNotTechnician' },
  tooMany: { id: 'problems.feeds.tooMany' },
});

const feedEntity: VersionedEntity<'feed_subscriptions', FeedRow> = {
  table: 'feed_subscriptions',
  what: 'feed',
  label: 'Feed',
  entity: 'feed',
  find: findFeed,
  versionOf: (row) => Number(row.version),
  present: (row) => presentFeed(row),
};

/** 502 feed_unreachable: "Couldn't load: <reason>". */
// The reason stays as the fetch words it (docs/PRODUCT.md, "Calendar feeds").
export const unreachable = (reason: string) =>
  new AppError('feed_unreachable', text(loadRefusals.unreachable, { reason }));

/** A member feed belongs to an active technician of the workspace. */
async function checkMember(db: Kysely<Database>, workspaceId: string, memberId: string | null): Promise<void> {
  if (memberId === null) return;
  const [member] = await membersAmong(db, workspaceId, [memberId]);
  if (!member) throw fieldError('memberId', text(refusals.notMember, { id: memberId }));
  if (member.deactivated_at !== null) throw fieldError('memberId', text(refusals.deactivated, { id: memberId }));
  if (member.role !== 'technician') {
    throw fieldError('memberId', text(refusals.notTechnician, { id: memberId, role: member.role }));
  }
}

/** The first fetch of a URL while the user waits (within the workspace's refresh budget): a refusal is a 502 with the reason. */
async function loadNow(db: Kysely<Database>, workspaceId: string, url: string, fetching: FeedFetching) {
  const zone = await workspaceZone(db, workspaceId);
  try {
    return await refreshBudget.load(workspaceId, () =>
      loadFeed(url, { etag: null, lastModified: null }, zone, fetching.policy),
    );
  } catch (err) {
    if (err instanceof FeedFetchError) throw unreachable(err.reason);
    if (err instanceof RefreshDeferred) throw unreachable(err.message);
    throw err;
  }
}

/** Private calendar URLs carry secrets: only those who may edit feeds see them whole. */
const seesUrls = (actor: Actor) => can(actor.role, 'schedule.write');

export async function getFeeds(db: Kysely<Database>, actor: Actor) {
  return (await listFeeds(db, actor.workspaceId)).map((row) => presentFeed(row, seesUrls(actor)));
}

export async function getFeed(db: Kysely<Database>, actor: Actor, id: string) {
  const row = await findFeed(db, actor.workspaceId, id);
  if (!row) throw notFound('Feed');
  return presentFeed(row, seesUrls(actor));
}

/** A subscription's row as first stored: pending, due now, version 1. */
export function newFeedRow(workspaceId: string, input: FeedCreate, now: number): FeedRow {
  return {
    ...newRowOf(workspaceId, now),
    name: input.name,
    url: input.url,
    colour: input.colour,
    member_id: input.memberId,
    refresh_minutes: input.refreshMinutes,
    status: 'pending',
    last_error: null,
    last_fetched_at: null,
    last_success_at: null,
    failures: 0,
    next_refresh_at: now,
    etag: null,
    last_modified: null,
    content_hash: null,
    event_count: 0,
    lease_owner: null,
    lease_expires_at: null,
  };
}

/** Subscribes a feed: fetched and parsed first, so a URL we can't load is refused (502) and nothing is stored. */
export async function createFeed(db: Kysely<Database>, actor: Actor, input: FeedCreate, fetching: FeedFetching) {
  await checkMember(db, actor.workspaceId, input.memberId);
  if ((await countFeeds(db, actor.workspaceId)) >= feedLimits.perWorkspace) {
    throw fieldError('', text(refusals.tooMany, { max: String(feedLimits.perWorkspace) }));
  }
  const loaded = await loadNow(db, actor.workspaceId, input.url, fetching);
  return db.transaction().execute(async (trx) => {
    const now = Date.now();
    const row = newFeedRow(actor.workspaceId, input, now);
    Object.assign(row, successColumns(row, loaded, now));
    await trx.insertInto('feed_subscriptions').values(row).execute();
    if (loaded.kind === 'ok') await replaceFeedEvents(trx, row, loaded.parsed.items);
    await recordWrite(trx, feedEntity, actor, row.id, 'created');
    return presentFeed(row);
  });
}

/** Applies a patch written against `version`; a new URL is loaded first (502 when it can't be). */
export async function updateFeed(
  db: Kysely<Database>,
  actor: Actor,
  id: string,
  version: number,
  patch: FeedPatch,
  fetching: FeedFetching,
) {
  const before = await loadAtVersion(db, feedEntity, actor.workspaceId, { id, version });
  if (patch.memberId !== undefined) await checkMember(db, actor.workspaceId, patch.memberId);
  const newUrl = patch.url !== undefined && patch.url !== before.url ? patch.url : null;
  const loaded: Loaded | null = newUrl ? await loadNow(db, actor.workspaceId, newUrl, fetching) : null;
  return db.transaction().execute(async (trx) => {
    // Checked again: someone may have written while the new URL was loading.
    const current = await loadAtVersion(trx, feedEntity, actor.workspaceId, { id, version });
    const now = Date.now();
    const refreshMinutes = patch.refreshMinutes ?? Number(current.refresh_minutes);
    const changes = {
      name: patch.name ?? current.name,
      url: patch.url ?? current.url,
      colour: patch.colour ?? current.colour,
      member_id: patch.memberId === undefined ? current.member_id : patch.memberId,
      refresh_minutes: refreshMinutes,
      ...(loaded && {
        ...successColumns({ ...current, refresh_minutes: refreshMinutes }, loaded, now),
        // A new address starts its own validators.
        ...(loaded.kind === 'not_modified' && { etag: null, last_modified: null }),
      }),
      updated_at: now,
    };
    const saved = await versionedUpdate(trx, feedEntity, actor, { id, version }, changes, null);
    if (loaded?.kind === 'ok') await replaceFeedEvents(trx, current, loaded.parsed.items);
    await recordWrite(trx, feedEntity, actor, id, 'updated');
    return presentFeed({ ...current, ...changes, version: saved } as FeedRow);
  });
}

/** Unsubscribes: the feed and its stored events go. */
export async function deleteFeed(db: Kysely<Database>, actor: Actor, id: string, version: number) {
  await db.transaction().execute(async (trx) => {
    await loadAtVersion(trx, feedEntity, actor.workspaceId, { id, version });
    await trx.deleteFrom('feed_events').where('feed_id', '=', id).execute();
    await versionedDelete(trx, feedEntity, actor, { id, version });
  });
}

/**
 * "Refresh now": fetched while the caller waits (unless another process is at it already, then the
 * feed as it is). A failure marks the feed failing, keeps its copy, and answers 502 with the reason;
 * over the workspace's refresh budget the feed answers as deferred (its lastError says until when).
 */
export async function refreshFeedNow(db: Kysely<Database>, actor: Actor, id: string, fetching: FeedFetching) {
  const row = await findFeed(db, actor.workspaceId, id);
  if (!row) throw notFound('Feed');
  const outcome = await refreshFeed(db, id, fetching, actor.userId);
  if (outcome.kind === 'failed') throw unreachable(outcome.reason);
  if (outcome.kind === 'gone') throw notFound('Feed');
  if (outcome.kind === 'busy') return presentFeed(row);
  return presentFeed(outcome.feed);
}
