import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { spawnOwned, untilReady } from '../../../scripts/children.mjs';
import type { Logger } from '../src/index.js';

export const REDIS_URL = process.env.FIELDPLAN_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const STANDALONE = fileURLToPath(new URL('../src/standalone.ts', import.meta.url));

/** Short timings so dead nodes are swept within ~2 s in tests (production: 10 s TTL, 3 s beat, 5 s sweep). */
export const FAST = { nodeTtlMs: 1500, heartbeatIntervalMs: 300, sweepIntervalMs: 300, commandTimeoutMs: 1000 };

/** A prefix no other test run uses. */
export const uniquePrefix = () => `realtime-test:${randomBytes(4).toString('hex')}:`;

/** Fails (never skips) when Redis can't be reached: these tests are the proof of the Redis adapter. */
export async function requireRedis(url = REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => {}); // the rejected connect() below reports it
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    throw new Error(`Redis at ${url} is required for the Redis adapter tests: ${(err as Error).message}`);
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix`. */
export async function deletePrefix(prefix: string, url = REDIS_URL): Promise<void> {
  const redis = new Redis(url);
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
  redis.disconnect();
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  return port;
}

/**
 * A throwaway redis-server (no persistence) on `port`, resolved once it answers PING. Owned from its
 * start (scripts/children.mjs): killed if it does not answer within 5 s, and when the test process exits.
 */
export async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawnOwned(
    'redis-server',
    ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
    { stdio: 'ignore' },
  );
  const answers = () => requireRedis(`redis://127.0.0.1:${port}`).then(() => true);
  await untilReady(child, answers, { timeoutMs: 5000, intervalMs: 50, what: `redis-server on ${port}` });
  return child;
}

/** The standalone server in a child process: owned, and its port known once `ready` resolves. */
export interface Standalone {
  child: ChildProcess;
  /** Resolves with the port once it listens; rejects (the child killed) if it exits or takes 15 s. */
  ready: Promise<number>;
  /** 0 until ready. */
  port: number;
}

/**
 * The standalone entry in a child Node process. Handed back at once, so a test's `afterAll` can stop
 * one still starting (`stopChild(server.child)`); await `ready` before using `port`.
 */
export function startStandalone(env: Record<string, string>): Standalone {
  const child = spawnOwned(process.execPath, ['--import', 'tsx', STANDALONE], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const server: Standalone = { child, port: 0, ready: Promise.resolve(0) };
  server.ready = untilReady(child, /"listening"/, { timeoutMs: 15_000, what: 'the standalone server' }).then((line) => {
    server.port = (JSON.parse(line) as { listening: number }).listening;
    return server.port;
  });
  return server;
}

/** A logger that keeps what it was told, to check that an outage is logged. */
export function recordingLogger(): Logger & { lines: Array<{ level: string; msg?: string }> } {
  const lines: Array<{ level: string; msg?: string }> = [];
  const at = (level: string) => (_obj: object, msg?: string) => {
    lines.push({ level, msg });
  };
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
