import { type BusyEvent, dayMs, formatDateOnly, wallToInstant } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Occurrence } from './ical/expand.js';
import { icalLimits } from './ical/limits.js';
import { DeadlineExceeded, expandInWorker } from './ical/pool.js';
import type { ExpandResult } from './ical/tasks.js';

export interface Range {
  start: number;
  end: number;
}

/** One imported busy interval in the range, with its feed. */
export interface BusyInterval extends Occurrence {
  id: string;
  feedId: string;
  memberId: string | null;
  colour: string;
}

/** The response header naming the feeds left out of a busy-time read. */
export const busyRefusedHeader = 'fieldplan-busy-refused';

/** Why a feed's busy time is left out of a read. */
export interface RefusedFeed {
  feedId: string;
  reason: string;
}

interface SeriesRow {
  seq: number;
  ics: string;
}

/**
 * Expansions by feed version and range: the calendar asks for the same week again and again, and a
 * feed changes only when its content hash does. A version that used the worker's deadline in CPU
 * time is refused for every range until the feed changes, so a hostile feed costs its time once; one
 * that only waited for a core past it is tried again on the next read.
 */
const expansions = new Map<string, ExpandResult>();
/** How reads were answered, per process (tests and diagnostics). */
export const expansionStats = { cached: 0, expanded: 0, overran: 0 };
const overran = new Map<string, string>();
const cacheMax = 2_000;

function remember(key: string, result: ExpandResult) {
  if (expansions.size >= cacheMax) expansions.delete(expansions.keys().next().value as string);
  expansions.set(key, result);
}

/** One feed's series within the range, from the cache or the worker; null occurrences when refused. */
async function expandFeed(
  feedId: string,
  version: string,
  series: SeriesRow[],
  zone: string,
  range: Range,
  stepsLeft: number,
): Promise<ExpandResult> {
  const versionKey = `${feedId}:${version}:${zone}`;
  const refused = overran.get(versionKey);
  if (refused) {
    expansionStats.cached++;
    return { ok: false, reason: refused, steps: 0 };
  }
  const key = `${versionKey}:${range.start}:${range.end}`;
  const cached = expansions.get(key);
  if (cached) {
    expansionStats.cached++;
    return cached;
  }
  expansionStats.expanded++;
  const steps = Math.min(icalLimits.feedSteps, stepsLeft);
  let result: ExpandResult;
  try {
    result = await expandInWorker({ zone, from: range.start, to: range.end, series, steps });
  } catch (err) {
    expansionStats.overran++;
    // Only waited for a core (or the platform can't tell): refused for this read, tried again on the next.
    if (err instanceof DeadlineExceeded && !err.costly) {
      return { ok: false, reason: 'the server was too busy to expand its recurring events', steps: 0 };
    }
    // Over the deadline in CPU time, or the thread ended (out of memory): the same version would do it again.
    const reason =
      err instanceof DeadlineExceeded
        ? 'its recurring events took too long to expand'
        : 'its recurring events could not be expanded';
    if (overran.size >= cacheMax) overran.clear();
    overran.set(versionKey, reason);
    return { ok: false, reason, steps: 0 };
  }
  // A refusal for lack of the read's budget (not the feed's) may pass in a lighter read.
  if (result.ok || steps === icalLimits.feedSteps) remember(key, result);
  return result;
}

/**
 * The workspace's imported events overlapping the range: one-offs straight from their rows (found
 * by index), series expanded within the range in the iCal worker (cached per feed version), each
 * feed within its step budget and the read within its own; a feed over budget or deadline is left
 * out and named in `refused`. All-day dates are compared with a day's slack.
 */
export async function busyRead(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<{ intervals: BusyInterval[]; refused: RefusedFeed[] }> {
  const rows = await db
    .selectFrom('feed_events as e')
    .innerJoin('feed_subscriptions as f', 'f.id', 'e.feed_id')
    .select([
      'e.feed_id',
      'e.seq',
      'e.summary',
      'e.all_day',
      'e.start_at',
      'e.end_at',
      'e.series_ics',
      'f.member_id',
      'f.colour',
      'f.content_hash',
    ])
    .where('e.workspace_id', '=', workspaceId)
    .where('e.start_at', '<', range.end + dayMs)
    .where((eb) => eb.or([eb('e.end_at', 'is', null), eb('e.end_at', '>', range.start - dayMs)]))
    .execute();
  const out: BusyInterval[] = [];
  const feeds = new Map<
    string,
    { base: Omit<BusyInterval, keyof Occurrence | 'id'>; version: string; series: SeriesRow[] }
  >();
  for (const row of rows) {
    const base = { feedId: row.feed_id, memberId: row.member_id, colour: row.colour };
    if (row.series_ics !== null) {
      const feed = feeds.get(row.feed_id) ?? { base, version: row.content_hash ?? '', series: [] };
      feed.series.push({ seq: Number(row.seq), ics: row.series_ics });
      feeds.set(row.feed_id, feed);
      continue;
    }
    const o = {
      start: Number(row.start_at),
      end: Number(row.end_at),
      allDay: Number(row.all_day) === 1,
      title: row.summary,
      key: null,
    };
    const span = toInstants(o, zone);
    if (span.start < range.end && span.end > range.start)
      out.push({ ...o, ...base, id: `busy:${row.feed_id}:${row.seq}` });
  }
  const refused: RefusedFeed[] = [];
  let stepsLeft: number = icalLimits.requestSteps;
  for (const [feedId, feed] of feeds) {
    const series = feed.series.sort((a, b) => a.seq - b.seq);
    const result = await expandFeed(feedId, feed.version, series, zone, range, stepsLeft);
    stepsLeft = Math.max(0, stepsLeft - result.steps);
    if (!result.ok) {
      refused.push({ feedId, reason: result.reason });
      continue;
    }
    for (const { seq, list } of result.occurrences) {
      for (const o of list) {
        const span = toInstants(o, zone);
        if (span.start < range.end && span.end > range.start) {
          out.push({ ...o, ...feed.base, id: `busy:${feedId}:${seq}:${o.key}` });
        }
      }
    }
  }
  return { intervals: out, refused };
}

/** The workspace's busy intervals in the range (feeds refused for this read are left out). */
export async function busyIntervals(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<BusyInterval[]> {
  return (await busyRead(db, workspaceId, zone, range)).intervals;
}

/** An interval as instants: all-day dates are the workspace zone's midnights. */
export function toInstants(o: { start: number; end: number; allDay: boolean }, zone: string) {
  return o.allDay ? { start: wallToInstant(zone, o.start), end: wallToInstant(zone, o.end) } : o;
}

const fmt = (ms: number, allDay: boolean) => (allDay ? formatDateOnly(ms) : new Date(ms).toISOString());

/** FullCalendar background events: on the technician's row for member feeds, everywhere otherwise. */
export function presentBusy(intervals: readonly BusyInterval[]): BusyEvent[] {
  return [...intervals]
    .sort((a, b) => a.start - b.start || (a.id < b.id ? -1 : 1))
    .map((b) => ({
      id: b.id,
      title: b.title,
      start: fmt(b.start, b.allDay),
      end: fmt(b.end, b.allDay),
      allDay: b.allDay,
      display: 'background' as const,
      ...(b.memberId !== null && { resourceIds: [b.memberId] }),
      backgroundColor: b.colour,
      extendedProps: { feedId: b.feedId, memberId: b.memberId },
    }));
}
