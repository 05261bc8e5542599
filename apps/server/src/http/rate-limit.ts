import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors/app-error.js';
import { limitTexts, partText } from '../errors/problem-texts.js';

/**
 * Counts attempts per key in fixed windows (one minute unless told). In memory it counts for one
 * process; with Redis, for every process sharing it (docs/adr/0031-shared-state-and-background-work.md).
 */
export interface RateLimiter {
  /** Records one attempt; resolves to the seconds to wait when over the limit, else 0. */
  hit(key: string, limit: number, windowMs?: number): Promise<number>;
  reset(key: string): Promise<void>;
  /** Lets go of outside connections (Redis); the memory limiter has none. */
  close?(): Promise<void>;
}

/** The memory limiter's synchronous core (the Redis limiter falls back to it when Redis fails). */
function memoryWindows(now: () => number) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = now();
  return {
    hit(key: string, limit: number, windowMs: number): number {
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
    reset(key: string) {
      windows.delete(key);
    },
  };
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = memoryWindows(now);
  return {
    hit: async (key, limit, windowMs = 60_000) => windows.hit(key, limit, windowMs),
    reset: async (key) => windows.reset(key),
  };
}

/**
 * One atomic step of a fixed window in Redis: count the attempt, start the window's expiry with the
 * first one (or repair a key left without expiry), answer the count and the window's remaining ms.
 * One script, so two processes counting at once can't both see the window empty.
 */
const fixedWindowScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

export interface RedisRateLimiterOptions {
  url: string;
  log: FastifyBaseLogger;
  /** Prepended to every key (tests use their own). */
  prefix?: string;
  /** A command unanswered this long counts as Redis down (the request is limited in memory instead). */
  commandTimeoutMs?: number;
}

/** Redis client options for a limiter that must never hold a request up. */
const redisOptions = (commandTimeoutMs: number) => ({
  // Down or reconnecting: fail at once (the memory fallback counts) instead of queueing the request.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: commandTimeoutMs,
  connectTimeout: 2_000,
  // Keep reconnecting in the background, at most every 2 s.
  retryStrategy: (times: number) => Math.min(times * 200, 2_000),
});

/**
 * Counts in Redis, so N processes behind a balancer share one count per key. When Redis fails (down,
 * unreachable, too slow) the attempt is counted in this process's memory instead: the limit is then
 * per process — still a limit, never a 500 — and the failure is logged once until Redis answers again.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): RateLimiter {
  const { log, prefix = 'fieldplan:rate:' } = options;
  const redis = new Redis(options.url, redisOptions(options.commandTimeoutMs ?? 500));
  const fallback = memoryWindows(Date.now);
  let down = false;
  // ioredis reports each failed (re)connect as an 'error' event; an event without a listener would crash.
  redis.on('error', () => {});
  const failed = (error: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, 'rate limits: Redis failed, counting in this process until it answers again');
  };
  const answered = () => {
    if (!down) return;
    down = false;
    log.info('rate limits: Redis answers again, counting across processes');
  };
  return {
    async hit(key, limit, windowMs = 60_000) {
      try {
        const [count, ttl] = (await redis.eval(fixedWindowScript, 1, prefix + key, windowMs)) as [number, number];
        answered();
        if (count <= limit) return 0;
        return Math.max(1, Math.ceil(ttl / 1000));
      } catch (error) {
        failed(error);
        return fallback.hit(key, limit, windowMs);
      }
    },
    async reset(key) {
      fallback.reset(key);
      try {
        await redis.del(prefix + key);
        answered();
      } catch (error) {
        failed(error);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** Redis when REDIS_URL is set, else memory (one process). */
export function createRateLimiter(redisUrl: string | undefined, log: FastifyBaseLogger): RateLimiter {
  return redisUrl ? createRedisRateLimiter({ url: redisUrl, log }) : createMemoryRateLimiter();
}

/**
 * Requests a minute per address to a public token link (tracking page, iCal download, invitation
 * preview): generous for a person or a calendar app, and a guesser is slowed.
 */
export const publicLinkRequestsPerMinute = 60;

/**
 * Counts one request under `key` and, past `limit` in the minute, refuses it: 429 `rate_limited`,
 * "Too many <what>, try again in N s", with Retry-After (docs/PRODUCT.md, "The API and realtime").
 * Async (the count may live in Redis): always `await` it, or the limit is not applied.
 */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  limit: number,
  what = 'requests',
  windowMs?: number,
): Promise<void> {
  const wait = await limiter.hit(key, limit, windowMs);
  if (wait > 0) {
    const local = partText(limitTexts, what, { wait: String(wait) });
    throw new AppError('rate_limited', `Too many ${what}, try again in ${wait} s`, { retryAfter: wait }, local);
  }
}
