import { AppError } from './app-error.js';

/** Counts attempts per key in fixed one-minute windows (in memory; one process). */
export interface RateLimiter {
  /** Records one attempt; returns the seconds to wait when over the limit, else 0. */
  hit(key: string, limit: number, windowMs?: number): number;
  reset(key: string): void;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(key, limit, windowMs = 60_000) {
      const t = now();
      if (t - lastSweep > windowMs) {
        for (const [k, w] of windows) if (t - w.start >= windowMs) windows.delete(k);
        lastSweep = t;
      }
      let w = windows.get(key);
      if (!w || t - w.start >= windowMs) {
        w = { start: t, count: 0 };
        windows.set(key, w);
      }
      w.count += 1;
      if (w.count <= limit) return 0;
      return Math.max(1, Math.ceil((w.start + windowMs - t) / 1000));
    },
    reset(key) {
      windows.delete(key);
    },
  };
}

/**
 * Requests a minute per address to a public token link (tracking page, iCal download, invitation
 * preview): generous for a person or a calendar app, and a guesser is slowed.
 */
export const publicLinkRequestsPerMinute = 60;

/**
 * Counts one request under `key` and, past `limit` in the minute, refuses it: 429 `rate_limited`,
 * "Too many <what>, try again in N s", with Retry-After (docs/PRODUCT.md, "The API and realtime").
 */
export function enforceLimit(limiter: RateLimiter, key: string, limit: number, what = 'requests'): void {
  const wait = limiter.hit(key, limit);
  if (wait > 0) throw new AppError('rate_limited', `Too many ${what}, try again in ${wait} s`, { retryAfter: wait });
}
