import type { ChangeEvent, ChangesPage } from '@fieldplan/shared';

export interface ChangeFeedDeps {
  /** `GET /changes?after=` (`null`: just the current position). Rejects on failure. */
  fetchChanges(after: number | null): Promise<ChangesPage>;
  /** Puts one change into the caches. */
  apply(change: ChangeEvent): void;
  /** More was missed than the log keeps: reload everything. */
  resync(): void;
  /** Schedules `fn` later (a failed catch-up retries); tests pass their own clock. */
  later?(fn: () => void, ms: number): void;
}

/** How long after a failed catch-up it is tried again. */
export const catchUpRetryMs = 5_000;

/**
 * The client's place in the workspace's change log. Changes are applied in `seq` order, each once:
 * the next one in line is applied as it comes; an old one is ignored; a gap, a truncated event and
 * every (re)subscription fetch what was missed from `/changes?after=lastSeq`, so no change is lost.
 * All work is serialised, so a catch-up and the events around it never interleave.
 */
export class ChangeFeed {
  /** The last seq applied (null until the first subscription learns where the log is). */
  lastSeq: number | null = null;
  private queue: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(private readonly deps: ChangeFeedDeps) {}

  /** The channel was (re)subscribed: learn the baseline, or catch up on what the outage hid. */
  subscribed(): Promise<void> {
    return this.enqueue(() => this.catchUp());
  }

  /** A `change` event arrived on the workspace channel. */
  received(event: ChangeEvent): Promise<void> {
    return this.enqueue(async () => {
      if (this.lastSeq === null || event.seq <= this.lastSeq) return;
      if (event.seq === this.lastSeq + 1 && !event.truncated) {
        this.deps.apply(event);
        this.lastSeq = event.seq;
        return;
      }
      await this.catchUp();
    });
  }

  /** Stops: nothing queued after this runs. */
  close(): void {
    this.closed = true;
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.queue = this.queue.then(() => (this.closed ? undefined : work()));
    return this.queue;
  }

  private async catchUp(): Promise<void> {
    let page: ChangesPage;
    try {
      page = await this.deps.fetchChanges(this.lastSeq);
    } catch {
      // Offline or the server is away: try again soon (a later event or reconnect also will).
      (this.deps.later ?? setTimeout)(() => void this.enqueue(() => this.catchUp()), catchUpRetryMs);
      return;
    }
    if (this.lastSeq === null) {
      this.lastSeq = page.latestSeq;
      return;
    }
    if ('resync' in page) {
      this.deps.resync();
      this.lastSeq = page.latestSeq;
      return;
    }
    for (const change of page.changes) {
      if (change.seq <= this.lastSeq) continue;
      this.deps.apply(change);
      this.lastSeq = change.seq;
    }
    this.lastSeq = Math.max(this.lastSeq, page.latestSeq);
  }
}
