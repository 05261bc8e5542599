import { dayMs } from '@fieldplan/shared';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { rowsOf } from './fc-adapter';

/** How the timeline's rows are fed to FullCalendar: the screenful first, then the rest in slices. */
export interface FeedPlan {
  /** Row ids per slice, in row order; slice 0 fills the screen. */
  slices: string[][];
}

export interface PlanOptions {
  /** Height available to rows, px. */
  viewport: number;
  /** Estimated height of a row (px) given how many events it holds and its busiest day. */
  rowHeight: (eventsInRow: number, busiestDay: number) => number;
  /** Events per later slice: what one task can render well under 200 ms. */
  budget: number;
}

/**
 * Splits the rows into slices: the first holds the rows that fill the screen, each later one rows
 * worth about `budget` events. Rendering slice by slice — one task each — paints the first
 * screenful early and keeps every task short, where one render of everything blocks for a second.
 */
export function planSlices(
  rowIds: readonly string[],
  visits: readonly CalendarVisit[],
  options: PlanOptions,
): FeedPlan {
  const perRow = new Map<string, number>();
  const perRowDay = new Map<string, number>();
  for (const v of visits) {
    // The UTC day: a stand-in for the local one, good enough to estimate a row's height.
    const day = Math.floor(v.start / dayMs);
    for (const id of rowsOf(v)) {
      perRow.set(id, (perRow.get(id) ?? 0) + 1);
      const key = `${id}|${day}`;
      perRowDay.set(key, (perRowDay.get(key) ?? 0) + 1);
    }
  }
  const busiest = new Map<string, number>();
  for (const [key, n] of perRowDay) {
    const id = key.slice(0, key.indexOf('|'));
    busiest.set(id, Math.max(busiest.get(id) ?? 0, n));
  }
  const slices: string[][] = [];
  let current: string[] = [];
  let height = 0;
  let load = 0;
  for (const id of rowIds) {
    const n = perRow.get(id) ?? 0;
    current.push(id);
    if (slices.length === 0) {
      // Up to and including the row that crosses the bottom edge.
      height += options.rowHeight(n, busiest.get(id) ?? 0);
      if (height < options.viewport) continue;
    } else {
      load += n;
      if (load < options.budget) continue;
    }
    slices.push(current);
    current = [];
    load = 0;
  }
  if (current.length > 0) slices.push(current);
  return { slices };
}

/**
 * The visits of each slice: a visit goes with the first slice holding one of its rows (it then
 * appears in all its rows as they arrive); visits of no known row go with the first slice.
 */
export function visitsBySlice(plan: FeedPlan, visits: readonly CalendarVisit[]): CalendarVisit[][] {
  const sliceOf = new Map<string, number>();
  plan.slices.forEach((ids, i) => {
    for (const id of ids) sliceOf.set(id, i);
  });
  const out: CalendarVisit[][] = plan.slices.map(() => []);
  for (const v of visits) {
    let slice = Number.POSITIVE_INFINITY;
    for (const id of rowsOf(v)) slice = Math.min(slice, sliceOf.get(id) ?? Number.POSITIVE_INFINITY);
    out[Number.isFinite(slice) ? slice : 0]?.push(v);
  }
  return out;
}

/** `next`, or `previous` when it holds the same events (so FullCalendar sees an unchanged source). */
export function sameOr<T>(previous: T[] | undefined, next: T[]): T[] {
  if (!previous || previous.length !== next.length) return next;
  for (let i = 0; i < next.length; i++) if (previous[i] !== next[i]) return next;
  return previous;
}
