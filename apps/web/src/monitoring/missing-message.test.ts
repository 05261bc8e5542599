import type { MonitoringConfig } from '@fieldplan/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportMissingMessage, startMonitoring } from '.';

// The Sentry SDK is the outside world here: what it is asked to send is what reaches the service.
const sdk = vi.hoisted(() => ({ init: vi.fn(), captureMessage: vi.fn(), captureException: vi.fn() }));
vi.mock('@sentry/react', () => ({ ...sdk, browserTracingIntegration: vi.fn() }));

const config: MonitoringConfig = {
  dsn: 'https://key@sentry.example/42',
  tunnel: '/api/monitoring',
  environment: 'production',
  release: 'fieldplan@test',
  sampleRate: 1,
  tracesSampleRate: 0,
};

describe('a message missing from the page’s catalog', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it('is reported once per id and language to error reporting in production, with its id and language only', async () => {
    vi.stubEnv('DEV', false);
    startMonitoring(config, () => '/w/:slug');
    for (let i = 0; i < 3; i++) reportMissingMessage('jobs.form.title', 'de');
    reportMissingMessage('jobs.form.save', 'de');
    await vi.waitFor(() => expect(sdk.captureMessage).toHaveBeenCalledTimes(2), { timeout: 10_000 });
    expect(sdk.init).toHaveBeenCalledTimes(1);
    expect(sdk.captureMessage).toHaveBeenCalledWith('Message missing from the de catalog: jobs.form.title', {
      level: 'warning',
      tags: { message_id: 'jobs.form.title', language: 'de' },
      fingerprint: ['missing-message', 'de', 'jobs.form.title'],
    });
    reportMissingMessage('jobs.form.title', 'de');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sdk.captureMessage).toHaveBeenCalledTimes(2);
  });

  it('goes to the console once in development, not to error reporting', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    sdk.captureMessage.mockClear();
    reportMissingMessage('calendar.toolbar.today', 'de');
    reportMissingMessage('calendar.toolbar.today', 'de');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('No de message for calendar.toolbar.today: showing English');
    expect(sdk.captureMessage).not.toHaveBeenCalled();
  });
});
