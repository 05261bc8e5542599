import {
  allOccurrences,
  dayMs,
  formatRule,
  instantToWall,
  isOccurrence,
  parseDateOnly,
  parseInstant,
  parseRule,
  type RecurrenceRule,
  ruleShiftedByDays,
  wallToInstant,
} from '@fieldplan/shared';
import { fieldError, invalidFields } from '../../errors/app-error.js';
import { ruleFieldError, text } from '../../http/problem-text.js';
import { defineMessages } from '../../i18n/index.js';
import type { JobDraft } from './draft.js';
import type { LoadedJob } from './presenter.js';
import type { ExceptionDraft } from './store.js';

// The words of this module's problems, in the caller's language (docs/PRODUCT.md, "Error catalogue").
const refusals = defineMessages({
  newRule: { id: 'problems.jobs.moveNeedsRule' },
  occurrenceFormat: { id: 'problems.jobs.occurrenceFormat' },
  notOccurrence: { id: 'problems.jobs.notAnOccurrence' },
});

// Moving a series in time happens on the workspace's wall clock: "09:00 → 10:00" is one hour on
// every occurrence, whatever DST does in between.

/** Local wall time of an instant; all-day dates are already local. */
export const wallOf = (ms: number, allDay: boolean, zone: string) => (allDay ? ms : instantToWall(zone, ms));

/** `ms` moved by `wallDelta` on the wall clock. */
export function shiftByWall(ms: number, wallDelta: number, allDay: boolean, zone: string): number {
  return allDay ? ms + wallDelta : wallToInstant(zone, instantToWall(zone, ms) + wallDelta);
}

/** Whole local days between two times. */
export function dayDelta(from: number, to: number, allDay: boolean, zone: string): number {
  return Math.floor(wallOf(to, allDay, zone) / dayMs) - Math.floor(wallOf(from, allDay, zone) / dayMs);
}

export function ruleOf(rrule: string): RecurrenceRule {
  const result = parseRule(rrule);
  // The parser's English as written; another language says the rule is invalid (its words are the parser's).
  if (!result.ok) throw invalidFields([ruleFieldError({ path: 'rrule', message: result.message })]);
  return result.rule;
}

/** The rule with its weekdays moved along with a series dragged by `days`; 400 when it can't. */
export function shiftedRule(rule: RecurrenceRule, days: number): RecurrenceRule {
  const shifted = ruleShiftedByDays(rule, days);
  if (!shifted) {
    throw fieldError('rrule', text(refusals.newRule));
  }
  return shifted;
}

export const formatShifted = (rrule: string, days: number) => formatRule(shiftedRule(ruleOf(rrule), days));

/** The `occurrence` query value (original start) as a key of this series; 400 when it is none. */
export function occurrenceKeyOf(value: string, job: LoadedJob, zone: string): number {
  const allDay = Number(job.row.all_day) === 1;
  const key = allDay ? (parseDateOnly(value) ?? parseInstant(value)) : parseInstant(value);
  if (key === null) {
    throw fieldError('occurrence', text(refusals.occurrenceFormat));
  }
  const { row } = job;
  const series = { start: Number(row.start_at), end: Number(row.end_at), allDay, rrule: row.rrule ?? '' };
  if (row.start_at === null || !row.rrule || !isOccurrence(series, zone, key)) {
    throw fieldError('occurrence', text(refusals.notOccurrence));
  }
  return key;
}

/**
 * Exceptions carried over to a series whose start moved by `wallDelta`: keys move with it and only
 * those still falling on an occurrence stay.
 */
export function carryExceptions(
  exceptions: ExceptionDraft[],
  wallDelta: number,
  series: Pick<JobDraft, 'start' | 'end' | 'allDay' | 'rrule'>,
  zone: string,
): ExceptionDraft[] {
  if (series.start === null || series.end === null || !series.rrule || exceptions.length === 0) return [];
  const timing = { start: series.start, end: series.end, allDay: series.allDay, rrule: series.rrule };
  const keys = new Set(allOccurrences(timing, zone).map((o) => o.key));
  return exceptions
    .map((e) => ({ ...e, key: shiftByWall(e.key, wallDelta, series.allDay, zone) }))
    .filter((e) => keys.has(e.key));
}
