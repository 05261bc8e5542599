import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnOwned } from '../../../scripts/children.mjs';
import { repoRoot } from './realtime-harness.js';
import { type SentryEnvelope, type SentryIngest, startSentryIngest } from './sentry-ingest.js';

/** Runs the crashing fixture to its end; its exit code and output. */
async function crash(how: 'exception' | 'rejection', dsn: string) {
  const child = spawnOwned(process.execPath, ['--import', 'tsx', 'apps/server/test/fixtures/crash.ts', how], {
    cwd: repoRoot,
    env: { ...process.env, SENTRY_DSN: dsn, SENTRY_RELEASE: 'fieldplan@crash-test', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, output };
}

describe('crashes reach the error-reporting service before the process ends', () => {
  let ingest: SentryIngest;
  beforeAll(async () => {
    ingest = await startSentryIngest();
  });
  afterAll(() => ingest.close());

  it.each([
    ['exception', 'onuncaughtexception'],
    ['rejection', 'onunhandledrejection'],
  ] as const)(
    'an unhandled %s is reported as unhandled, scrubbed, and the process exits non-zero',
    async (how, mechanism) => {
      const { code, output } = await crash(how, ingest.dsn);
      expect(code, output).not.toBe(0);
      type CrashEvent = {
        release: string;
        exception: { values: { value: string; mechanism: { type: string; handled: boolean } }[] };
      };
      const eventOf = (e: SentryEnvelope) =>
        e.items.find((i) => i.header.type === 'event')?.payload as CrashEvent | undefined;
      const envelope = await ingest.waitFor(
        (e) => eventOf(e)?.exception.values.at(-1)?.value.startsWith(`Crash by ${how}`) ?? false,
      );
      const event = eventOf(envelope) as CrashEvent;
      expect(event.release).toBe('fieldplan@crash-test');
      expect(event.exception.values.at(-1)).toEqual(
        expect.objectContaining({
          value: `Crash by ${how} for [email]`,
          mechanism: expect.objectContaining({ type: expect.stringContaining(mechanism), handled: false }),
        }),
      );
      expect(envelope.raw).not.toContain('crash.victim');
    },
  );
});
