import { dayMs } from '@fieldplan/shared';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { rowsOf } from './fc-adapter';
import type { ScheduleResource } from './resources';

// Windowing of the timeline's rows (docs/adr/0023-timeline-windowing.md): FullCalendar gets the
// rows in and near the viewport, and one spacer row in place of each run of rows it doesn't get,
// as tall as those rows, so the scroller keeps the height, the scrollbar and the positions of all.

/** A stand-in for rows not rendered: a row of `height` px holding nothing. */
export interface SpacerResource {
  id: string;
  title: string;
  extendedProps: { sortIndex: number; spacer: number };
}

export type WindowedResource = ScheduleResource | SpacerResource;

const spacerPrefix = 'fp-spacer-';

/** True for a spacer row (no drops, no selection, no label). */
export const isSpacerId = (id: string) => id.startsWith(spacerPrefix);

/** Events per row and each row's busiest day (UTC days: good enough to estimate a height). */
export interface RowLoad {
  events: number;
  busiestDay: number;
}

export function rowLoads(visits: readonly CalendarVisit[]): Map<string, RowLoad> {
  // Per row, its jobs per day (UTC day number): numbers as keys, no string built per visit.
  const perDay = new Map<string, Map<number, number>>();
  const loads = new Map<string, RowLoad>();
  for (const v of visits) {
    const day = Math.floor(v.start / dayMs);
    for (const id of rowsOf(v)) {
      let load = loads.get(id);
      let days = perDay.get(id);
      if (!load || !days) {
        load = { events: 0, busiestDay: 0 };
        days = new Map();
        loads.set(id, load);
        perDay.set(id, days);
      }
      load.events += 1;
      const n = (days.get(day) ?? 0) + 1;
      days.set(day, n);
      if (n > load.busiestDay) load.busiestDay = n;
    }
  }
  return loads;
}

/**
 * A row's height before it has been drawn, px: the week timeline stacks a day's jobs (≈ 38 px
 * each), the day timeline lays them along the hours (a few lanes at most).
 */
export function estimateRowHeight(load: RowLoad | undefined, stacked: boolean): number {
  const events = load?.events ?? 0;
  const busiest = load?.busiestDay ?? 0;
  return stacked ? 10 + Math.max(1, busiest) * 38 : 42 + Math.min(events, 4) * 4;
}

/** First and last index of the rows whose box meets [top, bottom), px from the top of the rows. */
export function rowsMeeting(heights: readonly number[], top: number, bottom: number): { first: number; last: number } {
  let y = 0;
  let first = -1;
  let last = -1;
  for (let i = 0; i < heights.length; i++) {
    const h = heights[i] ?? 0;
    if (y + h > top && y < bottom) {
      if (first < 0) first = i;
      last = i;
    }
    y += h;
    if (y >= bottom) break;
  }
  // Scrolled past the end (the rows shrank under the scroll position): the last rows.
  if (first < 0) return { first: Math.max(0, heights.length - 1), last: heights.length - 1 };
  return { first, last };
}

/**
 * The resources FullCalendar gets: the rows whose index is in `shown`, and a spacer row for each
 * run of the others, as tall as that run, ordered by `sortIndex` between its neighbours. A spacer
 * is named by the first row it stands for, so it keeps its identity while the run only grows or
 * shrinks at its far end.
 */
export function windowedResources(
  rows: readonly ScheduleResource[],
  heights: readonly number[],
  shown: ReadonlySet<number>,
): WindowedResource[] {
  const out: WindowedResource[] = [];
  let gap = 0;
  let gapStart = -1;
  const flush = () => {
    const first = rows[gapStart];
    if (gapStart < 0 || !first) return;
    out.push({
      id: `${spacerPrefix}${first.id}`,
      title: '',
      extendedProps: { sortIndex: first.extendedProps.sortIndex - 0.5, spacer: Math.round(gap) },
    });
    gap = 0;
    gapStart = -1;
  };
  rows.forEach((row, i) => {
    if (shown.has(i)) {
      flush();
      out.push(row);
      return;
    }
    if (gapStart < 0) gapStart = i;
    gap += heights[i] ?? 0;
  });
  flush();
  return out;
}
