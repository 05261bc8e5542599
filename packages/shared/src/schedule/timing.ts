import { parseDateOnly, parseInstant } from '../recurrence/dates.js';
import { rruleFieldIssueInZone } from '../recurrence/validate.js';
import type { CustomIssueKind } from '../schemas/issue-message.js';
import { type JobTiming, jobTimingIssues } from '../schemas/jobs.js';

/** A problem with a job's time, at the path of the field it belongs to (`['flexibleWindow', 'end']`). */
export interface TimingIssue {
  path: readonly string[];
  /** In English; `kind` and `values` word it in another language (schemas/issue-message.ts). */
  message: string;
  kind?: CustomIssueKind;
  values?: Record<string, string | number>;
}

/**
 * Every problem with a job's time, rule and flexible window (docs/PRODUCT.md, "Validation rules"),
 * each at its field's path. With `zone`, and nothing else wrong, also whether the start is one of the
 * rule's occurrences (DTSTART in sync with RRULE), which only the workspace's zone can tell.
 */
export function timingIssues(timing: JobTiming, zone?: string): TimingIssue[] {
  const issues: TimingIssue[] = jobTimingIssues(timing).map((i) => ({ ...i, path: i.path.split('.') }));
  if (issues.length > 0 || zone === undefined || !timing.rrule) return issues;
  const parse = timing.allDay ? parseDateOnly : parseInstant;
  const start = timing.start === null ? null : parse(timing.start);
  const end = timing.end === null ? null : parse(timing.end);
  if (start === null || end === null) return issues;
  const issue = rruleFieldIssueInZone({ start, end, allDay: timing.allDay, rrule: timing.rrule }, zone);
  if (issue) issues.push({ path: issue.path.split('.'), message: issue.message });
  return issues;
}
