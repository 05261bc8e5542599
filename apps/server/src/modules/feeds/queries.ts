import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countOfWorkspace, rowOfWorkspace, rowsOfWorkspace } from '../../db/workspace-rows.js';
import type { ParsedItem } from './ical/parse.js';
import type { FeedRow } from './presenter.js';

export function findFeed(db: Kysely<Database>, workspaceId: string, id: string): Promise<FeedRow | undefined> {
  return rowOfWorkspace(db, 'feed_subscriptions', workspaceId, id);
}

export function findFeedById(db: Kysely<Database>, id: string): Promise<FeedRow | undefined> {
  return db.selectFrom('feed_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listFeeds(db: Kysely<Database>, workspaceId: string): Promise<FeedRow[]> {
  return rowsOfWorkspace(db, 'feed_subscriptions', workspaceId, ['created_at', 'id']);
}

export function countFeeds(db: Kysely<Database>, workspaceId: string): Promise<number> {
  return countOfWorkspace(db, 'feed_subscriptions', workspaceId);
}

/** Ids of feeds whose refresh is due and that no live lease holds, soonest first. */
export async function dueFeeds(db: Kysely<Database>, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('feed_subscriptions')
    .select('id')
    .where('next_refresh_at', '<=', now)
    .where((eb) => eb.or([eb('lease_expires_at', 'is', null), eb('lease_expires_at', '<', now)]))
    .orderBy('next_refresh_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Rows per INSERT: 9 columns × 1,000 stays under SQLite's and PostgreSQL's parameter limits. */
const insertChunk = 1000;

/** Replaces a feed's stored events with a new parse (inside the caller's transaction). */
export async function replaceFeedEvents(
  trx: Kysely<Database>,
  feed: { id: string; workspace_id: string },
  items: readonly ParsedItem[],
): Promise<void> {
  await trx.deleteFrom('feed_events').where('feed_id', '=', feed.id).execute();
  for (let i = 0; i < items.length; i += insertChunk) {
    const rows = items.slice(i, i + insertChunk).map((item, j) => ({
      feed_id: feed.id,
      workspace_id: feed.workspace_id,
      seq: i + j,
      uid: item.uid,
      summary: item.summary,
      all_day: item.allDay ? 1 : 0,
      start_at: item.start,
      end_at: item.end,
      series_ics: item.seriesIcs,
    }));
    await trx.insertInto('feed_events').values(rows).execute();
  }
}
