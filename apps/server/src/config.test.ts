import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { version } from './version.js';

/** The ConfigError that `env` causes (fails the test when there is none). */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATABASE_URL: 'sqlite:./data/fieldplan.sqlite',
      LOG_LEVEL: 'info',
      FIELDPLAN_DEMO: true,
      SIGNIN_ATTEMPTS_PER_MINUTE: 10,
      SENTRY_ENVIRONMENT: 'production',
      SENTRY_RELEASE: `fieldplan@${version}`,
      SENTRY_SAMPLE_RATE: 1,
      SENTRY_TRACES_SAMPLE_RATE: 0,
      SENTRY_TUNNEL_PER_MINUTE: 60,
      FIELDPLAN_FAULT_INJECTION: false,
      GEOCODER_URL: 'https://photon.komoot.io',
      GEOCODER_KIND: 'photon',
      GEOCODER_MIN_INTERVAL_MS: 1000,
      GEOCODER_TIMEOUT_MS: 2000,
      REALTIME_CLIENT_EVENTS: false,
      REALTIME_MAX_SUBSCRIPTIONS: 100,
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: 100,
      FEEDS_ALLOW_LOOPBACK: false,
      FEEDS_ALLOWED_PORTS: [],
      FEED_REFRESH_PER_MINUTE: 6,
      TRAVEL_DETOUR_FACTOR: 1.3,
      TRAVEL_SPEED_KMH: 30,
      DATABASE_CONNECT_TIMEOUT_MS: 5_000,
      DATABASE_STATEMENT_TIMEOUT_MS: 15_000,
      SHUTDOWN_DRAIN_MS: 2_000,
      SHUTDOWN_TIMEOUT_MS: 10_000,
      HTTP_HEADERS_TIMEOUT_MS: 15_000,
      HTTP_REQUEST_TIMEOUT_MS: 60_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 10_000,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      PHOTO_MAX_BYTES: 10 * 1024 * 1024,
      WORKSPACE_STORAGE_QUOTA_BYTES: 5 * 1024 * 1024 * 1024,
      SMS_BASE_URL: 'https://api.twilio.com',
      NOTIFICATIONS_POLL_MS: 10_000,
      secureCookies: false,
      appOrigin: null,
    });
  });

  it('reads the photo limits and the S3 store, naming a bad or half-given variable', () => {
    const config = loadConfig({
      PHOTO_MAX_BYTES: '2048',
      WORKSPACE_STORAGE_QUOTA_BYTES: '4096',
      S3_BUCKET: 'field-photos',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({ PHOTO_MAX_BYTES: 2048, S3_BUCKET: 'field-photos', S3_FORCE_PATH_STYLE: true });
    expect(configError({ PHOTO_MAX_BYTES: 'ten' }).message).toMatch(/PHOTO_MAX_BYTES/);
    expect(configError({ WORKSPACE_STORAGE_QUOTA_BYTES: '-1' }).message).toMatch(/WORKSPACE_STORAGE_QUOTA_BYTES/);
    expect(configError({ S3_BUCKET: 'Bad_Bucket' }).message).toMatch(/S3_BUCKET: must be a bucket name/);
    expect(configError({ S3_BUCKET: 'b1b', S3_ENDPOINT: 'ftp://x' }).message).toMatch(/S3_ENDPOINT/);
    expect(configError({ S3_BUCKET: 'b1b', S3_FORCE_PATH_STYLE: 'maybe' }).message).toMatch(/S3_FORCE_PATH_STYLE/);
    expect(configError({ S3_ENDPOINT: 'http://127.0.0.1:9000' }).message).toMatch(/S3_BUCKET: required/);
    expect(configError({ S3_BUCKET: 'b1b', S3_ACCESS_KEY_ID: 'key' }).message).toMatch(
      /S3_SECRET_ACCESS_KEY: required/,
    );
  });

  it('reads the email and SMS settings for notifications, naming a bad or half-given variable', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@mail.example.test:465',
      SMTP_FROM: 'visits@example.test',
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'token-1234',
      SMS_FROM: '+15005550006',
    });
    expect(config).toMatchObject({ SMTP_FROM: 'visits@example.test', SMS_BASE_URL: 'https://api.twilio.com' });
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    expect(configError({ SMTP_URL: 'http://mail.example.test' }).message).toMatch(/SMTP_URL: must start with smtp/);
    expect(configError({ SMTP_URL: 'not a url' }).message).toMatch(/SMTP_URL/);
    expect(configError({ SMTP_FROM: 'nobody' }).message).toMatch(/SMTP_FROM: must be an email address/);
    expect(configError({ SMS_ACCOUNT_SID: 'AC123' }).message).toMatch(/SMS_AUTH_TOKEN: required/);
    expect(configError({ SMS_BASE_URL: 'ftp://x' }).message).toMatch(/SMS_BASE_URL/);
  });

  it('reads the travel model and refuses impossible values', () => {
    expect(loadConfig({ TRAVEL_DETOUR_FACTOR: '1.5', TRAVEL_SPEED_KMH: '45' })).toMatchObject({
      TRAVEL_DETOUR_FACTOR: 1.5,
      TRAVEL_SPEED_KMH: 45,
    });
    expect(() => loadConfig({ TRAVEL_DETOUR_FACTOR: '0.5' })).toThrow(/TRAVEL_DETOUR_FACTOR/);
    expect(() => loadConfig({ TRAVEL_SPEED_KMH: 'fast' })).toThrow(/TRAVEL_SPEED_KMH/);
  });

  it('reads ROUTING_URL as an http(s) URL only', () => {
    expect(loadConfig({}).ROUTING_URL).toBeUndefined();
    expect(loadConfig({ ROUTING_URL: 'http://127.0.0.1:5000' }).ROUTING_URL).toBe('http://127.0.0.1:5000');
    expect(loadConfig({ ROUTING_URL: 'https://osrm.example/route' }).ROUTING_URL).toBe('https://osrm.example/route');
    expect(() => loadConfig({ ROUTING_URL: 'ftp://osrm.example' })).toThrow(/ROUTING_URL: must be an http/);
    expect(() => loadConfig({ ROUTING_URL: 'not a url' })).toThrow(/ROUTING_URL/);
  });

  it('asks the public Photon geocoder by default, none under NODE_ENV=test, and names a bad GEOCODER_* value', () => {
    expect(loadConfig({}).GEOCODER_URL).toBe('https://photon.komoot.io');
    expect(loadConfig({ NODE_ENV: 'test' }).GEOCODER_URL).toBeNull();
    expect(loadConfig({ GEOCODER_URL: 'off' }).GEOCODER_URL).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', GEOCODER_URL: 'http://10.0.0.5:2322' })).toMatchObject({
      GEOCODER_URL: 'http://10.0.0.5:2322',
      GEOCODER_KIND: 'photon',
      GEOCODER_MIN_INTERVAL_MS: 1000,
      GEOCODER_TIMEOUT_MS: 2000,
    });
    expect(() => loadConfig({ GEOCODER_URL: 'ftp://geo.example' })).toThrow(
      /GEOCODER_URL: must be an http\(s\) URL or off/,
    );
    expect(() => loadConfig({ GEOCODER_KIND: 'google' })).toThrow(/GEOCODER_KIND/);
    expect(() => loadConfig({ GEOCODER_CONTACT: 'me (at) example' })).toThrow(/GEOCODER_CONTACT/);
    expect(() => loadConfig({ GEOCODER_TIMEOUT_MS: '5' })).toThrow(/GEOCODER_TIMEOUT_MS/);
  });

  it('reads the connection deadlines and refuses a headers deadline past the request deadline', () => {
    expect(
      loadConfig({
        HTTP_HEADERS_TIMEOUT_MS: '5000',
        HTTP_REQUEST_TIMEOUT_MS: '120000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000',
      }),
    ).toMatchObject({
      HTTP_HEADERS_TIMEOUT_MS: 5000,
      HTTP_REQUEST_TIMEOUT_MS: 120_000,
      HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000,
    });
    expect(configError({ HTTP_HEADERS_TIMEOUT_MS: '90000' }).message).toMatch(
      /HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS/,
    );
    expect(configError({ HTTP_REQUEST_TIMEOUT_MS: 'soon' }).message).toMatch(/HTTP_REQUEST_TIMEOUT_MS/);
    expect(configError({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '0' }).message).toMatch(/HTTP_KEEP_ALIVE_TIMEOUT_MS/);
  });

  it('reads the database timeouts and the shutdown drain and deadline, the drain shorter than the deadline', () => {
    expect(
      loadConfig({
        DATABASE_CONNECT_TIMEOUT_MS: '2000',
        DATABASE_STATEMENT_TIMEOUT_MS: '30000',
        SHUTDOWN_DRAIN_MS: '0',
        SHUTDOWN_TIMEOUT_MS: '25000',
      }),
    ).toMatchObject({
      DATABASE_CONNECT_TIMEOUT_MS: 2000,
      DATABASE_STATEMENT_TIMEOUT_MS: 30_000,
      SHUTDOWN_DRAIN_MS: 0,
      SHUTDOWN_TIMEOUT_MS: 25_000,
    });
    expect(configError({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).message).toMatch(/DATABASE_STATEMENT_TIMEOUT_MS/);
    expect(configError({ DATABASE_CONNECT_TIMEOUT_MS: 'fast' }).message).toMatch(/DATABASE_CONNECT_TIMEOUT_MS/);
    expect(configError({ SHUTDOWN_DRAIN_MS: '10000' }).message).toMatch(
      /SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_TIMEOUT_MS/,
    );
  });

  it('reads the realtime switches and caps, naming a bad one', () => {
    expect(
      loadConfig({
        REALTIME_CLIENT_EVENTS: '1',
        REALTIME_MAX_SUBSCRIPTIONS: '20',
        REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '0',
      }),
    ).toMatchObject({
      REALTIME_CLIENT_EVENTS: true,
      REALTIME_MAX_SUBSCRIPTIONS: 20,
      REALTIME_MAX_CONNECTIONS_PER_ADDRESS: 0,
    });
    expect(() => loadConfig({ REALTIME_CLIENT_EVENTS: 'sometimes' })).toThrow(/REALTIME_CLIENT_EVENTS/);
    expect(() => loadConfig({ REALTIME_MAX_SUBSCRIPTIONS: '0' })).toThrow(/REALTIME_MAX_SUBSCRIPTIONS/);
    expect(() => loadConfig({ REALTIME_MAX_CONNECTIONS_PER_ADDRESS: 'many' })).toThrow(
      /REALTIME_MAX_CONNECTIONS_PER_ADDRESS/,
    );
  });

  it('names every bad variable in one ConfigError', () => {
    const error = configError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      LOG_LEVEL: 'loud',
      REDIS_URL: 'http://x',
    });
    expect(error.message).toMatch(/^Invalid configuration/);
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'REDIS_URL']) expect(error.message).toContain(name);
    // One line per variable, with the reason.
    expect(error.message).toMatch(/DATABASE_URL: must start with postgres:\/\/, sqlite: or file:/);
    expect(error.message).toMatch(/REDIS_URL: must start with redis:\/\/ or rediss:\/\//);
    expect(error.message.split('\n')).toHaveLength(5);
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['NODE_ENV', 'staging'],
    ['PUBLIC_URL', 'not a url'],
    ['SESSION_SECRET', 'too short'],
    ['SENTRY_DSN', 'nope'],
    ['SENTRY_DSN', 'https://sentry.example/1'],
    ['SENTRY_SAMPLE_RATE', '1.5'],
    ['SENTRY_TRACES_SAMPLE_RATE', '-0.1'],
    ['FIELDPLAN_FAULT_INJECTION', 'on'],
    ['METRICS_TOKEN', 'short'],
    ['FIELDPLAN_DEMO', 'maybe'],
    ['LOG_LEVEL', 'INFO'],
    ['FEEDS_ALLOWED_PORTS', '80;443'],
    ['FEEDS_ALLOW_LOOPBACK', 'maybe'],
    ['FEED_REFRESH_PER_MINUTE', '0'],
  ])('rejects %s=%s and names it', (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(`${name}:`);
    expect(error.message.split('\n')).toHaveLength(2);
  });

  it('reads valid values', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      PORT: '8080',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://fp@db.example:5432/fieldplan',
      REDIS_URL: 'rediss://cache.example:6380',
      LOG_LEVEL: 'debug',
      FIELDPLAN_DEMO: '0',
      SESSION_SECRET: 's'.repeat(32),
    });
    expect(config).toEqual(
      expect.objectContaining({
        NODE_ENV: 'development',
        PORT: 8080,
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://fp@db.example:5432/fieldplan',
        REDIS_URL: 'rediss://cache.example:6380',
        LOG_LEVEL: 'debug',
        FIELDPLAN_DEMO: false,
      }),
    );
  });

  it.each([
    ['sqlite:/var/lib/fieldplan.sqlite'],
    ['file:./x.sqlite'],
    ['postgresql://u@h/db'],
    ['postgres://u:p@h:5432/db'],
  ])('accepts DATABASE_URL=%s', (url) => {
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it.each([
    ['1', true],
    ['true', true],
    ['yes', true],
    ['0', false],
    ['false', false],
    ['no', false],
  ])('reads FIELDPLAN_DEMO=%s as %s', (value, expected) => {
    expect(loadConfig({ FIELDPLAN_DEMO: value }).FIELDPLAN_DEMO).toBe(expected);
  });

  it.each([
    ['de', 'de'],
    ['DE', 'de'],
    ['de-AT', 'de'],
    ['en', 'en'],
  ])('reads FIELDPLAN_DEMO_LOCALE=%s as %s', (value, expected) => {
    expect(loadConfig({ FIELDPLAN_DEMO_LOCALE: value }).FIELDPLAN_DEMO_LOCALE).toBe(expected);
  });

  it('refuses a demo language Fieldplan does not ship, and leaves it unset by default', () => {
    expect(configError({ FIELDPLAN_DEMO_LOCALE: 'fr' }).message).toContain('FIELDPLAN_DEMO_LOCALE:');
    expect(loadConfig({}).FIELDPLAN_DEMO_LOCALE).toBeUndefined();
  });

  it('error reporting and metrics default to off, with production defaults for the rest', () => {
    const config = loadConfig({});
    expect(config.SENTRY_DSN).toBeUndefined();
    expect(config.SENTRY_ENVIRONMENT).toBe('production');
    expect(config.SENTRY_RELEASE).toBe(`fieldplan@${version}`);
    expect(config.SENTRY_SAMPLE_RATE).toBe(1);
    expect(config.SENTRY_TRACES_SAMPLE_RATE).toBe(0);
    expect(config.FIELDPLAN_FAULT_INJECTION).toBe(false);
    expect(config.METRICS_TOKEN).toBeUndefined();
  });

  it('reads the Sentry settings', () => {
    const config = loadConfig({
      SENTRY_DSN: 'https://abc123@errors.example:8443/sentry/42',
      SENTRY_ENVIRONMENT: 'staging',
      SENTRY_RELEASE: 'fieldplan@deadbeef',
      SENTRY_SAMPLE_RATE: '0.5',
      SENTRY_TRACES_SAMPLE_RATE: '0.05',
      FIELDPLAN_FAULT_INJECTION: '1',
    });
    expect(config).toEqual(
      expect.objectContaining({
        SENTRY_DSN: 'https://abc123@errors.example:8443/sentry/42',
        SENTRY_ENVIRONMENT: 'staging',
        SENTRY_RELEASE: 'fieldplan@deadbeef',
        SENTRY_SAMPLE_RATE: 0.5,
        SENTRY_TRACES_SAMPLE_RATE: 0.05,
        FIELDPLAN_FAULT_INJECTION: true,
      }),
    );
  });

  it('derives secure cookies and the app origin from an https PUBLIC_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://plan.example.com/some/path' });
    expect(config.secureCookies).toBe(true);
    expect(config.appOrigin).toBe('https://plan.example.com');
  });

  it('an http PUBLIC_URL sets the origin but not secure cookies', () => {
    const config = loadConfig({ PUBLIC_URL: 'http://localhost:3000' });
    expect(config.secureCookies).toBe(false);
    expect(config.appOrigin).toBe('http://localhost:3000');
  });

  it('treats empty variables as unset and ignores unrelated ones', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', REDIS_URL: '', PATH: '/usr/bin', HOME: '/root' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('sqlite:./data/fieldplan.sqlite');
    expect(config.REDIS_URL).toBeUndefined();
    expect(config).not.toHaveProperty('PATH');
  });
});
