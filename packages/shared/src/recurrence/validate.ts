import type { FieldError } from '../errors.js';
import { type SeriesTiming, startsOnRule } from './expand.js';
import { parseRule, recurrenceLimits } from './rule.js';

/** `ms` plus whole calendar years (UTC fields), for the UNTIL limit. */
function addYears(ms: number, years: number): number {
  const d = new Date(ms);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.getTime();
}

/**
 * What is wrong with a recurrence rule for a series starting at `start` (instant, or date for
 * all-day), or null. Checks what needs no time zone: syntax, limits, UNTIL after the start and at
 * most 5 years later. The path names the rule part at fault (`rrule.COUNT`, `rrule.UNTIL`,
 * `rrule.INTERVAL`, `rrule.BYDAY` …), or is `rrule` for the rule as a whole, so a form can put the
 * problem under its own field without reading the message.
 */
export function rruleFieldIssue(rrule: string, start: number | null): FieldError | null {
  const result = parseRule(rrule);
  if (!result.ok) return { path: result.part ? `rrule.${result.part}` : 'rrule', message: result.message };
  const until = result.rule.until;
  if (start !== null && until) {
    if (until.ms < start - 86_400_000) return { path: 'rrule.UNTIL', message: 'UNTIL must not be before the start' };
    if (until.ms > addYears(start, recurrenceLimits.maxUntilYears) + 86_400_000) {
      const message = `UNTIL must be at most ${recurrenceLimits.maxUntilYears} years after the start`;
      return { path: 'rrule.UNTIL', message };
    }
  }
  return null;
}

/** As `rruleFieldIssue`, plus: the start must itself be an occurrence of the rule (DTSTART in sync), under `start`. */
export function rruleFieldIssueInZone(series: SeriesTiming, zone: string): FieldError | null {
  const basic = rruleFieldIssue(series.rrule, series.start);
  if (basic) return basic;
  if (!startsOnRule(series, zone)) {
    return { path: 'start', message: 'The start must be one of the occurrences of the recurrence rule' };
  }
  return null;
}
