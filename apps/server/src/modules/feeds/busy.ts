import { type BusyEvent, dayMs, formatDateOnly, wallToInstant } from '@fieldplan/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { expandGroup, type Occurrence } from './ical/expand.js';
import { seriesGroup } from './ical/parse.js';

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

/** Parsed series by their text: a busy calendar asks for the same series range after range. */
const groups = new Map<string, ReturnType<typeof seriesGroup>>();
function cachedGroup(ics: string) {
  let group = groups.get(ics);
  if (!group) {
    if (groups.size > 500) groups.clear();
    group = seriesGroup(ics);
    groups.set(ics, group);
  }
  return group;
}

/**
 * The workspace's imported events overlapping the range: one-offs straight from their rows (found
 * by index), series expanded within the range only. All-day dates are compared with a day's slack.
 */
export async function busyIntervals(
  db: Kysely<Database>,
  workspaceId: string,
  zone: string,
  range: Range,
): Promise<BusyInterval[]> {
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
    ])
    .where('e.workspace_id', '=', workspaceId)
    .where('e.start_at', '<', range.end + dayMs)
    .where((eb) => eb.or([eb('e.end_at', 'is', null), eb('e.end_at', '>', range.start - dayMs)]))
    .execute();
  const out: BusyInterval[] = [];
  for (const row of rows) {
    const base = { feedId: row.feed_id, memberId: row.member_id, colour: row.colour };
    const id = `busy:${row.feed_id}:${row.seq}`;
    if (row.series_ics === null) {
      const o = {
        start: Number(row.start_at),
        end: Number(row.end_at),
        allDay: Number(row.all_day) === 1,
        title: row.summary,
        key: null,
      };
      if (toInstants(o, zone).start < range.end && toInstants(o, zone).end > range.start)
        out.push({ ...o, ...base, id });
      continue;
    }
    let occurrences: Occurrence[];
    try {
      occurrences = expandGroup(cachedGroup(row.series_ics), zone, range.start, range.end);
    } catch {
      continue;
    }
    for (const o of occurrences) {
      const span = toInstants(o, zone);
      if (span.start < range.end && span.end > range.start) out.push({ ...o, ...base, id: `${id}:${o.key}` });
    }
  }
  return out;
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
