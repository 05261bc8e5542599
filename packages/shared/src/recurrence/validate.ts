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
 * most 5 years later. `rruleIssueInZone` adds the checks that need the workspace's zone.
 */
export function rruleIssue(rrule: string, start: number | null): string | null {
  const result = parseRule(rrule);
  if (!result.ok) return result.message;
  const until = result.rule.until;
  if (start !== null && until) {
    if (until.ms < start - 86_400_000) return 'UNTIL must not be before the start';
    if (until.ms > addYears(start, recurrenceLimits.maxUntilYears) + 86_400_000) {
      return `UNTIL must be at most ${recurrenceLimits.maxUntilYears} years after the start`;
    }
  }
  return null;
}

/** As `rruleIssue`, plus: the start must itself be an occurrence of the rule (DTSTART in sync). */
export function rruleIssueInZone(series: SeriesTiming, zone: string): string | null {
  const basic = rruleIssue(series.rrule, series.start);
  if (basic) return basic;
  if (!startsOnRule(series, zone)) return 'The start must be one of the occurrences of the recurrence rule';
  return null;
}
