/**
 * Whether the database is in an outage, as the requests see it: the first connection-level failure
 * starts one, the next query that succeeds ends it. Error reports use it to send one report per
 * outage instead of one per request (a stopped database otherwise made ≈ 90 reports in 20 s).
 */
export class OutageTracker {
  #down = false;

  /** Notes a connection-level failure; true when it starts an outage (the one failure worth a report). */
  failed(): boolean {
    if (this.#down) return false;
    this.#down = true;
    return true;
  }

  /** A query succeeded: the database is back, and the next failure is news again. */
  succeeded(): void {
    this.#down = false;
  }

  get down(): boolean {
    return this.#down;
  }
}
