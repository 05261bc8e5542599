import { AsyncLocalStorage } from 'node:async_hooks';

/** The database's two deadlines: openDb sets them, and a request's wait budget is their sum and a second. */
export interface DbTimeouts {
  /** Waiting for a connection, new or from the full pool. */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer; the client gives up on an unanswered one a second later. */
  statementTimeoutMs: number;
}

/**
 * How long one request may wait on PostgreSQL in all — for connections and statements together —
 * so that no answer outlives the documented ceiling: the connect timeout, the statement timeout
 * and the second the client gives a server that answers nothing (docs/adr/0018-faults-and-shutdown.md).
 */
export const requestWaitLimitMs = (timeouts: DbTimeouts) =>
  timeouts.connectTimeoutMs + timeouts.statementTimeoutMs + 1_000;

/** Code of the error a wait past the budget fails with; `isDatabaseUnavailable` counts it (503, Retry-After). */
export const waitBudgetSpentCode = 'FIELDPLAN_DB_WAIT_BUDGET_SPENT';

export class WaitBudgetSpent extends Error {
  readonly code = waitBudgetSpentCode;
  constructor() {
    super('The request waited on the database for as long as it may');
  }
}

/**
 * A request's time waiting on the database: the time in which at least one of its waits (a
 * connection, a statement) was in progress — not its time in JavaScript or streaming an answer to a
 * slow client, so a long download is not cut. Closed once the request is answered: work it started
 * that goes on afterwards (an import it began, a queue it woke) inherits the context but not the limit.
 */
export class WaitBudget {
  #spentMs = 0;
  #waits = 0;
  #since = 0;
  #closed = false;

  constructor(readonly limitMs: number) {}

  /** The request is answered (or its client gone): later waits in its context are not limited. */
  close(): void {
    this.#closed = true;
  }

  remainingMs(): number {
    const current = this.#waits > 0 ? performance.now() - this.#since : 0;
    return this.limitMs - this.#spentMs - current;
  }

  /**
   * `work()` as one of the request's waits: rejected with `WaitBudgetSpent` when the budget runs out
   * first (at once when it already has). `abandon` receives a result that comes after that.
   */
  async wait<T>(work: () => Promise<T>, abandon?: (late: T) => void): Promise<T> {
    if (this.#closed) return work();
    const remaining = this.remainingMs();
    if (remaining <= 0) throw new WaitBudgetSpent();
    if (this.#waits === 0) this.#since = performance.now();
    this.#waits += 1;
    const pending = work();
    let timer: NodeJS.Timeout | undefined;
    let spent = false;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        spent = true;
        reject(new WaitBudgetSpent());
      }, remaining);
    });
    try {
      return await Promise.race([pending, late]);
    } finally {
      clearTimeout(timer);
      this.#waits -= 1;
      if (this.#waits === 0) this.#spentMs += performance.now() - this.#since;
      // The timer ran out, so the budget has: a timer may fire a fraction of a millisecond before
      // performance.now() says the time has passed, and that sliver must not let the next wait start.
      if (spent) this.#spentMs = Math.max(this.#spentMs, this.limitMs);
      // A result the request no longer waits for is handed back; a failure nobody hears is dropped.
      if (spent) pending.then(abandon, () => {});
    }
  }
}

const budgets = new AsyncLocalStorage<WaitBudget>();

/** The budget of the request this code runs for; none in background work, which each statement's timeout bounds. */
export const currentWaitBudget = (): WaitBudget | undefined => budgets.getStore();

/** Runs `fn` (and everything it starts) on `budget`. */
export const withWaitBudget = <T>(budget: WaitBudget, fn: () => T): T => budgets.run(budget, fn);
