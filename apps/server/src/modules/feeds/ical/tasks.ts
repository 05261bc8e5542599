import { dayMs } from '@fieldplan/shared';
import { expandGroup, type Occurrence } from './expand.js';
import { BudgetExceeded, icalLimits, StepBudget } from './limits.js';
import { FeedParseError, type ParsedFeed, parseFeed, seriesGroup } from './parse.js';

/**
 * The work the iCal worker thread does, as plain functions of plain data (what crosses the thread
 * boundary): parsing a fetched file with its import check, and expanding one feed's series for a
 * range. Hostile input costs the worker its time, never the server's event loop.
 */

export interface ParseTask {
  kind: 'parse';
  bytes: Uint8Array;
  zone: string;
  /** The import check expands from here (ms) for `icalLimits.probeDays`. */
  now: number;
}

export interface SeriesText {
  seq: number;
  ics: string;
}

export interface ExpandTask {
  kind: 'expand';
  zone: string;
  from: number;
  to: number;
  series: SeriesText[];
  /** Recurrence ids this feed may walk. */
  steps: number;
}

export type ExpandResult =
  | { ok: true; occurrences: { seq: number; list: Occurrence[] }[]; steps: number }
  | { ok: false; reason: string; steps: number };

export type Task = ParseTask | ExpandTask;

/** Parsed series by their text, so a series read range after range is parsed once. */
const groups = new Map<string, ReturnType<typeof seriesGroup>>();
function cachedGroup(ics: string) {
  let group = groups.get(ics);
  if (!group) {
    if (groups.size > 2_000) groups.clear();
    group = seriesGroup(ics);
    groups.set(ics, group);
  }
  return group;
}

/**
 * Parses a feed and checks at import that its series can be read: the coming weeks expand within
 * one read's budget (a feed whose rules make more occurrences is refused now, not at every read).
 */
export function parseTask(task: ParseTask): ParsedFeed {
  const parsed = parseFeed(Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength), task.zone);
  const budget = new StepBudget(icalLimits.feedSteps);
  const from = task.now - dayMs;
  const to = task.now + icalLimits.probeDays * dayMs;
  for (const item of parsed.items) {
    if (!item.seriesIcs || item.start >= to + dayMs || (item.end !== null && item.end <= from - dayMs)) continue;
    try {
      expandGroup(cachedGroup(item.seriesIcs), task.zone, from, to, budget);
    } catch (err) {
      if (err instanceof BudgetExceeded) {
        throw new FeedParseError(
          `its recurring events make more than ${icalLimits.feedSteps.toLocaleString('en')} occurrences in ${icalLimits.probeDays} days`,
        );
      }
      // An unreadable series is left to the read, which skips it.
    }
  }
  return parsed;
}

/** One feed's series expanded within [from, to), or why not (its budget spent). */
export function expandTask(task: ExpandTask): ExpandResult {
  const budget = new StepBudget(task.steps);
  const occurrences: { seq: number; list: Occurrence[] }[] = [];
  for (const series of task.series) {
    try {
      occurrences.push({
        seq: series.seq,
        list: expandGroup(cachedGroup(series.ics), task.zone, task.from, task.to, budget),
      });
    } catch (err) {
      if (err instanceof BudgetExceeded) {
        return { ok: false, reason: 'too many occurrences in the range', steps: budget.used };
      }
      // An unreadable series is skipped; the rest of the feed still counts.
    }
  }
  return { ok: true, occurrences, steps: budget.used };
}
