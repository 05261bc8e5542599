import { type CalendarQuery, limits } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fieldError } from '../../errors/app-error.js';
import type { FeedCache, FeedEntry } from '../../http/answer-cache.js';
import { text } from '../../http/problem-text.js';
import { rangeOf } from '../../http/range-query.js';
import type { Actor } from '../../http/workspace-access.js';
import { defineMessages } from '../../i18n/index.js';
import type { Range } from '../jobs/index.js';
import { memberColours } from '../members/index.js';
import { workspaceState } from '../workspaces/index.js';
import { presentEvents } from './presenter.js';
import { rangeVisits } from './visits.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  tooMany: { id: 'problems.calendar.tooManyEvents' },
});

async function computeFeed(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
  query: CalendarQuery,
  etag: string,
): Promise<FeedEntry> {
  const [visits, colours] = await Promise.all([
    rangeVisits(db, workspaceId, zone, range, { doubleBookings: true }),
    memberColours(db, workspaceId),
  ]);
  const events = presentEvents(visits, { technicianId: query.technicianId, statuses: query.status }, colours);
  if (events.length > limits.calendarMaxEvents) {
    throw fieldError(
      'end',
      text(refusals.tooMany, { count: String(events.length), max: String(limits.calendarMaxEvents) }),
    );
  }
  return { body: Buffer.from(JSON.stringify(events)), etag };
}

/**
 * The calendar feed as serialised JSON, from the cache when the workspace has not changed since
 * the same range was last asked for.
 */
export async function calendarFeed(db: Kysely<Database>, cache: FeedCache, actor: Actor, query: CalendarQuery) {
  const { zone, seq } = await workspaceState(db, actor.workspaceId);
  const range = rangeOf(query, zone);
  const filter = `${query.technicianId ?? ''}|${(query.status ?? []).join(',')}`;
  const key = `${actor.workspaceId}|${seq}|${range.start}|${range.end}|${filter}`;
  const etag = `W/"feed-${seq}"`;
  return cache.get(key, () => computeFeed(db, actor.workspaceId, zone, range, query, etag));
}
