import { useEffect, useMemo, useRef, useState } from 'react';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { type VisitEvent, visitEventOf, visitEventsOf } from './fc-adapter';
import { type FeedPlan, planSlices, sameOr, visitsBySlice } from './progressive-feed';
import type { ScheduleResource } from './resources';

/** Below this many events a calendar renders in one go (a task well under 200 ms). */
const progressiveFrom = 300;

interface FeedInput {
  resources: ScheduleResource[];
  visits: CalendarVisit[];
  /** Timeline views feed rows progressively; others get everything at once. */
  timeline: boolean;
  /** The range and filters shown: a new one starts feeding from the top again. */
  rangeKey: string;
  /** Week timelines stack a day's jobs in a row; day timelines lay them along the hours. */
  stacked: boolean;
  viewport: () => number;
  /** The range's events are still on their way. */
  loading: boolean;
  /**
   * The timeline windows its rows (use-row-window.ts): every row at once (FullCalendar draws only
   * the rows it is given), the events in sources of a few rows each — the first rows' source in
   * the first task, one more per task after it, each parse well under 50 ms — so an edit re-parses
   * only its own source.
   */
  windowed?: boolean;
  /**
   * A windowed timeline's drawn rows (indexes) when the events arrive: their events are the first
   * source, the rows after them and then those before follow, a source per task.
   */
  windowRows?: { first: number; last: number };
}

/** Rows per event source on a windowed timeline. */
const rowsPerSource = 8;

/**
 * Feeds FullCalendar the rows and events of a large timeline a slice at a time — the rows on
 * screen first, then the rest in following tasks — as event sources that keep their identity when
 * their visits don't change, so a later edit re-renders only the slice it touches. Visits become
 * FullCalendar's events through the adapter (fc-adapter.ts), once per visit.
 */
export function useProgressiveFeed({
  resources,
  visits,
  timeline,
  rangeKey,
  stacked,
  viewport,
  loading,
  windowed = false,
  windowRows = { first: 0, last: -1 },
}: FeedInput) {
  const large = timeline && visits.length >= progressiveFrom;
  const loaded = visits.length > 0;
  // The plan is made once per range (and when its events first arrive), not on every edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-planning on each edit would restart the feed.
  const plan = useMemo<FeedPlan>(() => {
    const ids = resources.map((r) => r.id);
    if (windowed) {
      const first = Math.max(0, windowRows.first);
      const last = Math.max(first, windowRows.last);
      const slices = [ids.slice(first, last + 1)];
      for (let i = last + 1; i < ids.length; i += rowsPerSource) slices.push(ids.slice(i, i + rowsPerSource));
      for (let i = first; i > 0; i -= rowsPerSource) slices.push(ids.slice(Math.max(0, i - rowsPerSource), i));
      return { slices: slices.filter((s) => s.length > 0) };
    }
    if (timeline && loading) {
      // Until the events arrive: the rows of one screen, so the first render stays small.
      const rows = Math.ceil(viewport() / 40) + 1;
      return { slices: [ids.slice(0, rows), ids.slice(rows)].filter((s) => s.length > 0) };
    }
    if (!large) return { slices: [ids] };
    return planSlices(ids, visits, {
      viewport: viewport(),
      rowHeight: (n, busiest) => (stacked ? 10 + Math.max(1, busiest) * 38 : 42 + Math.min(n, 4) * 4),
      // Everything after the first screenful in one more task: FullCalendar 6 re-renders and
      // re-measures every row on each update, so more slices cost more in total (docs/PERFORMANCE.md).
      budget: Number.POSITIVE_INFINITY,
    });
  }, [resources, large, rangeKey, loaded, stacked, loading, timeline, windowed]);

  const [fed, setFed] = useState({ plan, count: 1 });
  const count = fed.plan === plan ? fed.count : 1;
  if (fed.plan !== plan) setFed({ plan, count: 1 });

  useEffect(() => {
    if (loading || count >= plan.slices.length) return;
    // One slice per task, each after the previous one has been painted.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setFed((f) => (f.plan === plan ? { plan, count: f.count + 1 } : f)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [plan, count, loading]);

  const previous = useRef<VisitEvent[][]>([]);
  const sources = useMemo(() => {
    if (plan.slices.length === 1) return [visitEventsOf(visits)];
    const next = visitsBySlice(plan, visits)
      .slice(0, count)
      .map((slice, i) => sameOr(previous.current[i], slice.map(visitEventOf)));
    previous.current = next;
    return next;
  }, [plan, visits, count]);

  const shownResources = useMemo(() => {
    if (windowed || plan.slices.length === 1 || count >= plan.slices.length) return resources;
    const shown = new Set(plan.slices.slice(0, count).flat());
    return resources.filter((r) => shown.has(r.id));
  }, [plan, count, resources, windowed]);

  return { resources: shownResources, eventSources: sources, complete: count >= plan.slices.length };
}
