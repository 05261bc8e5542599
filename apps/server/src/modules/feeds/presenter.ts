import type { Feed, FeedToken } from '@fieldplan/shared';
import type { Selectable } from 'kysely';
import type { FeedSubscriptionsTable, FeedTokensTable } from '../../db/schema.js';
import { iso } from '../../lib/ids.js';

export type FeedRow = Selectable<FeedSubscriptionsTable>;
export type FeedTokenRow = Selectable<FeedTokensTable>;

const isoOrNull = (ms: number | null) => (ms === null ? null : iso(Number(ms)));

/** A feed's address without path or query: private calendar URLs carry secrets in them. */
export function redactedUrl(url: string): string {
  try {
    return `${new URL(url).origin}/…`;
  } catch {
    return '…';
  }
}

/** The feed; `fullUrl` only for those who may edit feeds (the channel and other roles see the origin). */
export function presentFeed(row: FeedRow, fullUrl = true): Feed {
  return {
    id: row.id,
    name: row.name,
    url: fullUrl ? row.url : redactedUrl(row.url),
    colour: row.colour,
    memberId: row.member_id,
    refreshMinutes: Number(row.refresh_minutes),
    status: row.status,
    lastError: row.last_error,
    lastFetchedAt: isoOrNull(row.last_fetched_at),
    lastSuccessAt: isoOrNull(row.last_success_at),
    eventCount: Number(row.event_count),
    version: Number(row.version),
    createdAt: iso(Number(row.created_at)),
    updatedAt: iso(Number(row.updated_at)),
  };
}

export function presentToken(row: FeedTokenRow): FeedToken {
  return {
    id: row.id,
    memberId: row.member_id,
    hint: row.hint,
    createdAt: iso(Number(row.created_at)),
    revokedAt: isoOrNull(row.revoked_at),
    revokedReason: row.revoked_reason ?? null,
  };
}
