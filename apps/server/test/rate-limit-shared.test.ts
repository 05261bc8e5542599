import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnOwned, untilReady } from '../../../scripts/children.mjs';
import { buildApp } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import { createRedisRateLimiter } from '../src/http/rate-limit.js';
import { Client, createTestDb, uniqueEmail } from './harness.js';
import { eventually } from './realtime-harness.js';

// Rate limits counted in Redis across processes, the memory fallback when Redis fails, and the
// client address behind a trusted proxy (docs/adr/0031-shared-state-and-background-work.md).

const REDIS_URL = process.env.FIELDPLAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** An address of its own per run: the Redis counts outlive a test run by their one-minute window. */
const freshAddress = () => `10.${[...randomBytes(3)].join('.')}`;

/** A port nothing listens on (Redis "down"). */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

interface Started {
  app: FastifyInstance;
  logs: string[];
}

/** A Fieldplan app on `db` with `env`, like one of N processes on one database; its log lines kept. */
async function startApp(db: Db, env: Record<string, string>, signInPerMinute = 3): Promise<Started> {
  const logs: string[] = [];
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env }), WEB_DIST: '' };
  const app = await buildApp({ config, db, signInPerMinute, logStream: { write: (line) => logs.push(line) } });
  await app.ready();
  return { app, logs };
}

/**
 * For one describe block: a test database and a `start` that runs apps on it (as N processes on one
 * database would), every app closed and the database dropped after the block.
 */
function appsOnOneDb() {
  let db: Db;
  let cleanup: () => Promise<void>;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    ({ db, cleanup } = await createTestDb());
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await cleanup();
  });
  return async (env: Record<string, string>): Promise<Started> => {
    const started = await startApp(db, env);
    apps.push(started.app);
    return started;
  };
}

/** The status of each of `count` attempts made one after another. */
async function statusesOf(count: number, attempt: (i: number) => Promise<{ statusCode: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await attempt(i)).statusCode);
  return statuses;
}

/** A wrong sign-in for a new email each time, so only the per-address count grows. */
const wrongSignIn = (app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress?: string) =>
  new Client(app, remoteAddress ? { remoteAddress } : {}).post(
    '/api/v1/auth/sign-in',
    { email: uniqueEmail('nobody'), password: 'not the password' },
    headers,
  );

describe('rate limits shared through Redis', () => {
  const start = appsOnOneDb();

  it('two processes with REDIS_URL count one address together: the 4th attempt of 3 is refused, with Retry-After', async () => {
    const a = await start({ REDIS_URL });
    const b = await start({ REDIS_URL });
    // Each limiter's connection made first, from an address of its own: on a busy machine the first
    // command of a new connection can outlast the limiter's 500 ms and be counted in memory instead.
    for (const app of [a.app, b.app]) expect((await wrongSignIn(app, {}, freshAddress())).statusCode).toBe(401);
    const address = freshAddress();
    expect((await wrongSignIn(a.app, {}, address)).statusCode).toBe(401);
    expect((await wrongSignIn(b.app, {}, address)).statusCode).toBe(401);
    expect((await wrongSignIn(a.app, {}, address)).statusCode).toBe(401);
    const refused = await wrongSignIn(b.app, {}, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json().detail ?? refused.json().title).toMatch(/try again in \d+ s/);
  });

  it('without REDIS_URL each process counts alone (the same 4 attempts all reach the password check)', async () => {
    const a = await start({});
    const b = await start({});
    const address = freshAddress();
    const statuses = await statusesOf(4, (i) => wrongSignIn(i % 2 === 0 ? a.app : b.app, {}, address));
    expect(statuses).toEqual([401, 401, 401, 401]);
  });

  it('the window is Redis-side: a count past the limit names the seconds left of its window', async () => {
    const logged = await start({});
    const limiter = createRedisRateLimiter({ url: REDIS_URL, log: logged.app.log, prefix: `test:${freshAddress()}:` });
    try {
      expect(await limiter.hit('k', 2, 5_000)).toBe(0);
      expect(await limiter.hit('k', 2, 5_000)).toBe(0);
      const wait = await limiter.hit('k', 2, 5_000);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(5);
      await limiter.reset('k');
      expect(await limiter.hit('k', 2, 5_000)).toBe(0);
    } finally {
      await limiter.close?.();
    }
  });

  it('Redis down: still limited per process, never a 500, and the failure logged once', async () => {
    const down = await start({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    const address = freshAddress();
    const statuses = await statusesOf(5, () => wrongSignIn(down.app, {}, address));
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const warnings = down.logs.filter((line) => line.includes('rate limits: Redis failed'));
    expect(warnings).toHaveLength(1);
  });
});

describe('a Redis outage while running', () => {
  let redis: ChildProcess | null = null;
  let port: number;
  const startRedis = async () => {
    // Owned from its start: one that is not ready in time is killed, not left running.
    redis = spawnOwned(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    await untilReady(redis, /Ready to accept connections/, { timeoutMs: 10_000, what: 'redis-server' });
  };
  const stopRedis = async () => {
    if (!redis) return;
    const exited = once(redis, 'exit');
    redis.kill('SIGTERM');
    await exited;
    redis = null;
  };
  beforeAll(async () => {
    port = await closedPort();
    await startRedis();
  });
  afterAll(stopRedis);

  it('counts in memory while Redis is away (logged once), and in Redis again once it is back', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const limiter = createRedisRateLimiter({ url: `redis://127.0.0.1:${port}`, log, prefix: 'outage:' });
    try {
      // Connecting takes a moment; a call before it is counted in memory (and says so).
      await eventually(
        async () =>
          (await limiter.hit('warm-up', 100)) === 0 &&
          (lines.length === 0 || (lines.at(-1) ?? '').includes('Redis answers again')),
        10_000,
        'counting in Redis',
      );
      lines.length = 0;
      expect(await limiter.hit('k', 2)).toBe(0);
      await stopRedis();
      // Away: each call is counted in this process's memory, which starts its own window.
      const away = [];
      for (let i = 0; i < 4; i++) away.push(await limiter.hit('k', 2));
      expect(away.slice(0, 2)).toEqual([0, 0]);
      expect(away[2]).toBeGreaterThan(0);
      expect(away[3]).toBeGreaterThan(0);
      expect(lines.filter((l) => l.includes('rate limits: Redis failed'))).toHaveLength(1);
      await startRedis();
      // Back (empty): the count starts again in Redis, and that is said once.
      await eventually(
        async () => (await limiter.hit('after', 5)) === 0 && lines.some((l) => l.includes('Redis answers again')),
        15_000,
        'counting in Redis again',
      );
      expect(lines.filter((l) => l.includes('rate limits: Redis failed'))).toHaveLength(1);
      expect(lines.filter((l) => l.includes('Redis answers again'))).toHaveLength(1);
    } finally {
      await limiter.close?.();
    }
  });
});

describe('client address behind a trusted proxy (TRUST_PROXY)', () => {
  const start = appsOnOneDb();

  it('without TRUST_PROXY a spoofed X-Forwarded-For does not change the rate-limit key', async () => {
    const started = await start({});
    const statuses = await statusesOf(4, () =>
      wrongSignIn(started.app, { 'x-forwarded-for': freshAddress() }, '192.0.2.10'),
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('with TRUST_PROXY naming the balancer, each forwarded client is counted on its own', async () => {
    const started = await start({ TRUST_PROXY: '192.0.2.10, 198.51.100.0/24' });
    const statuses = await statusesOf(4, () =>
      wrongSignIn(started.app, { 'x-forwarded-for': freshAddress() }, '198.51.100.7'),
    );
    expect(statuses).toEqual([401, 401, 401, 401]);
    // One forwarded client is still limited, whichever balancer it came through.
    const client = freshAddress();
    const again = await statusesOf(4, (i) =>
      wrongSignIn(started.app, { 'x-forwarded-for': client }, i % 2 === 0 ? '192.0.2.10' : '198.51.100.7'),
    );
    expect(again).toEqual([401, 401, 401, 429]);
  });

  it('with TRUST_PROXY, a request not from a listed balancer keeps its own address', async () => {
    const started = await start({ TRUST_PROXY: '192.0.2.10' });
    const statuses = await statusesOf(4, () =>
      wrongSignIn(started.app, { 'x-forwarded-for': freshAddress() }, '203.0.113.50'),
    );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a TRUST_PROXY entry that is not an address or CIDR stops the start with the variable named', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,balancer.local' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });
});
