import { dayMs } from '@fieldplan/shared';

/**
 * What one subscribed feed may cost. A feed is written by whoever controls its URL, so reading it
 * is bounded by work, not by what the file asks for (docs/adr/0019-ical-import-bounds.md).
 */
export const icalLimits = {
  /** Recurring events (RRULE/RDATE masters) per feed; more refuses the feed. */
  maxSeries: 1_000,
  /** The longest occurrence of a series: expansion looks back this far before a range. */
  maxSeriesEventMs: 31 * dayMs,
  /** Dates outside [minYear, maxYear) are refused per event (no calendar writes them on purpose). */
  minYear: 1800,
  maxYear: 2200,
  /** Recurrence ids one feed may walk for one read (after fast-forwarding to the range). */
  feedSteps: 20_000,
  /** Recurrence ids one read may walk over all its feeds (later feeds get what is left). */
  requestSteps: 60_000,
  /** Parsing (with the import check) in the worker; on overrun the worker is ended and the feed refused. */
  parseDeadlineMs: 10_000,
  /** Expanding one read's series in the worker; on overrun the feed version is refused. */
  expandDeadlineMs: 2_000,
  /** The import check expands the coming days (a month view) with the per-feed budget. */
  probeDays: 31,
} as const;

/** Expansion ran out of its budget: too many recurrence ids in the range. */
export class BudgetExceeded extends Error {
  constructor() {
    super('too many occurrences to expand');
  }
}

/** A step budget for one expansion: the series of one feed within one read. */
export class StepBudget {
  private spent = 0;

  constructor(private readonly limit: number) {}

  /** Counts one recurrence id; throws BudgetExceeded when the budget is spent. */
  step(): void {
    this.spent += 1;
    if (this.spent > this.limit) throw new BudgetExceeded();
  }

  get used(): number {
    return this.spent;
  }
}
