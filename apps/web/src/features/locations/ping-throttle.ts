export interface Clock {
  now(): number;
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * At most one value per `intervalMs` (docs/PRODUCT.md, "Limits": one location ping per 5 s): a value offered too
 * soon waits, and a newer one replaces it, so what goes out is always the freshest position.
 */
export class PingThrottle<T> {
  private pending: T | null = null;
  private lastSent = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;

  constructor(
    private readonly intervalMs: number,
    private readonly send: (value: T) => void,
    private readonly clock: Clock = realClock,
  ) {}

  offer(value: T): void {
    this.pending = value;
    this.flush();
  }

  /**
   * The server refused `value` and said "wait `ms`" (429 Retry-After): nothing goes out before then,
   * and then `value` does — unless a newer one came meanwhile.
   */
  retry(value: T, ms: number): void {
    this.pending ??= value;
    this.holdFor(ms);
  }

  /** Nothing goes out for `ms`. */
  holdFor(ms: number): void {
    this.lastSent = Math.max(this.lastSent, this.clock.now() + ms - this.intervalMs);
    if (this.timer !== null) {
      this.clock.clear(this.timer);
      this.timer = null;
    }
    this.flush();
  }

  stop(): void {
    if (this.timer !== null) this.clock.clear(this.timer);
    this.timer = null;
    this.pending = null;
  }

  private flush(): void {
    if (this.timer !== null || this.pending === null) return;
    const wait = this.lastSent + this.intervalMs - this.clock.now();
    if (wait > 0) {
      this.timer = this.clock.set(() => {
        this.timer = null;
        this.flush();
      }, wait);
      return;
    }
    const value = this.pending;
    this.pending = null;
    this.lastSent = this.clock.now();
    this.send(value);
  }
}
