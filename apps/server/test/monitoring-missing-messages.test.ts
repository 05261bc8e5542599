import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intlFor, withEnglishFallback } from '../src/i18n/index.js';
import { createTestApp, type TestContext } from './harness.js';
import { type SentryEnvelope, type SentryIngest, startSentryIngest } from './sentry-ingest.js';

const eventOf = (e: SentryEnvelope) =>
  e.items.find((i) => i.header.type === 'event')?.payload as Record<string, unknown> | undefined;

describe('a message missing from a catalog reaches error reporting once', () => {
  let ingest: SentryIngest;
  let ctx: TestContext;
  beforeAll(async () => {
    ingest = await startSentryIngest();
    ctx = await createTestApp({ env: { SENTRY_DSN: ingest.dsn, SENTRY_ENVIRONMENT: 'ci' } });
  });
  afterAll(async () => {
    await ctx.close();
    await ingest.close();
  });

  it('is reported once per id and language, with the id and language only, and shows English', async () => {
    // A German catalog lacking the visit report's title (the English one answers meanwhile).
    const german = withEnglishFallback('de', {});
    for (let i = 0; i < 3; i++) expect(german['notifications.report.title']).toBe('Visit report');
    expect(intlFor('en').formatMessage({ id: 'notifications.report.title' })).toBe('Visit report');
    const isReport = (e: SentryEnvelope) =>
      (eventOf(e)?.tags as Record<string, unknown> | undefined)?.message_id === 'notifications.report.title';
    const envelope = await ingest.waitFor(isReport);
    expect(eventOf(envelope)).toEqual(
      expect.objectContaining({
        level: 'warning',
        message: 'Message missing from the de catalog: notifications.report.title',
        tags: expect.objectContaining({ message_id: 'notifications.report.title', language: 'de' }),
        environment: 'ci',
      }),
    );
    expect(eventOf(envelope)?.user).toBeUndefined();

    // A second lookup and a second gap: only the new one is reported.
    expect(german['notifications.report.visit']).toBe('Visit');
    await ingest.waitFor(
      (e) => (eventOf(e)?.tags as Record<string, unknown> | undefined)?.message_id === 'notifications.report.visit',
    );
    expect(ingest.envelopes.filter(isReport)).toHaveLength(1);
  });
});
