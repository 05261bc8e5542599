import { useMemo, useRef } from 'react';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { rowsOf, type VisitEvent, visitEventOf } from './fc-adapter';
import type { ScheduleResource } from './resources';

/** `next`, or `previous` when it holds the same events (so FullCalendar sees an unchanged source). */
function sameOr<T>(previous: T[] | undefined, next: T[]): T[] {
  if (!previous || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) return next;
  return previous;
}

/** Rows per event source on a windowed timeline. */
const rowsPerSource = 8;

interface WindowedFeedInput {
  rows: readonly ScheduleResource[];
  visits: readonly CalendarVisit[];
  /** Indexes of the rows FullCalendar draws (use-row-window.ts). */
  drawn: ReadonlySet<number>;
  /** The range and filters shown: a new one starts from the drawn rows' sources again. */
  rangeKey: string;
}

/**
 * A windowed timeline's events (docs/adr/0023-timeline-windowing.md): FullCalendar draws only the
 * rows it is given, so it gets only the events of those rows — in sources of eight rows, each given
 * the first time one of its rows is drawn and kept after. A visit of technicians in different
 * sources goes in a source of its own, given from the start, so it shows in every row it belongs to.
 * Sources keep their identity while their visits don't change: an edit re-parses only its own.
 */
export function useWindowedFeed({ rows, visits, drawn, rangeKey }: WindowedFeedInput): VisitEvent[][] {
  const sourceOf = useMemo(() => new Map(rows.map((r, i) => [r.id, Math.floor(i / rowsPerSource)])), [rows]);
  const split = useMemo(() => {
    const shared: CalendarVisit[] = [];
    const bySource: CalendarVisit[][] = Array.from({ length: Math.ceil(rows.length / rowsPerSource) }, () => []);
    for (const v of visits) {
      const sources = new Set(rowsOf(v).map((id) => sourceOf.get(id) ?? -1));
      const only = sources.size === 1 ? [...sources][0] : undefined;
      if (only !== undefined && only >= 0) bySource[only]?.push(v);
      else shared.push(v);
    }
    return { shared, bySource };
  }, [visits, sourceOf, rows.length]);

  const given = useRef({ key: '', sources: new Set<number>() });
  const key = `${rangeKey}|${rows.length}`;
  if (given.current.key !== key) given.current = { key, sources: new Set() };
  for (const i of drawn) given.current.sources.add(Math.floor(i / rowsPerSource));

  const previous = useRef(new Map<number, VisitEvent[]>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` and `key` stand for the sources given so far (a ref)
  return useMemo(() => {
    const order = [-1, ...[...given.current.sources].sort((a, b) => a - b)];
    const next = new Map<number, VisitEvent[]>();
    for (const i of order) {
      const list = (i < 0 ? split.shared : split.bySource[i]) ?? [];
      next.set(i, sameOr(previous.current.get(i), list.map(visitEventOf)));
    }
    previous.current = next;
    return order.map((i) => next.get(i) ?? []);
  }, [split, drawn, key]);
}
