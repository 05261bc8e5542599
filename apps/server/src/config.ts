import { isIP } from 'node:net';
import { shippedLocales } from '@fieldplan/shared';
import { z } from 'zod';
import { version } from './version.js';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no'])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** One TRUST_PROXY entry: an address, a CIDR, or one of proxy-addr's names for the private ranges. */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** Every setting the server reads, one key each; docs/CONFIGURATION.md documents them (its test imports this). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|sqlite:|file:)/, 'must start with postgres://, sqlite: or file:')
    .default('sqlite:./data/fieldplan.sqlite'),
  /** PostgreSQL: how long a request waits for a connection (new, or a free one from the full pool). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /** PostgreSQL: the server cancels a statement after this long; the client gives up 1 s later. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** On SIGTERM: how long /readyz answers 503 while requests are still served, so balancers move away. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  /** On SIGTERM: the deadline (drain included) after which the remaining connections are cut and the process exits. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  /**
   * The load balancers' addresses or CIDRs, comma-separated (`10.0.0.5,10.0.1.0/24`): requests from them
   * have their client address read from X-Forwarded-For (rate limits, logs). Unset: the header is ignored.
   */
  TRUST_PROXY: z
    .string()
    .transform((v) => v.split(',').map((entry) => entry.trim()))
    .refine((entries) => entries.every(isProxyEntry), {
      message: 'must be IP addresses or CIDRs separated by commas, like 10.0.0.5,10.0.1.0/24 (or loopback)',
    })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PUSHER_APP_ID: z.string().min(1).optional(),
  PUSHER_KEY: z.string().min(1).optional(),
  PUSHER_SECRET: z.string().min(1).optional(),
  PUSHER_HOST: z.string().min(1).optional(),
  PUSHER_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUSHER_TLS: bool.optional(),
  /** Pusher Channels' own cluster (`eu`, `mt1` …) when PUSHER_HOST is not given. */
  PUSHER_CLUSTER: z
    .string()
    .regex(/^[a-z0-9-]{1,20}$/, 'must be a cluster name such as eu or mt1')
    .optional(),
  /** The embedded realtime server relays `client-` events (the app sends none; off, they answer 4301). */
  REALTIME_CLIENT_EVENTS: bool.default(false),
  /** Channels one realtime connection may hold (the app holds four at most). */
  REALTIME_MAX_SUBSCRIPTIONS: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Realtime connections from one address per process; 0 = no cap (behind a proxy all share its address). */
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(100),
  /** Error reporting: a Sentry-protocol DSN (sentry.io, self-hosted Sentry, GlitchTip). */
  SENTRY_DSN: z
    .string()
    .regex(/^https?:\/\/[^/@]+@[^/]+\/(?:.*\/)?\d+\/?$/, 'must be a DSN like https://<key>@<host>/<project id>')
    .optional(),
  SENTRY_ENVIRONMENT: z.string().min(1).max(64).default('production'),
  SENTRY_RELEASE: z.string().min(1).max(200).default(`fieldplan@${version}`),
  SENTRY_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(0),
  /** Envelopes a minute one address may send through POST /api/monitoring. */
  SENTRY_TUNNEL_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Tests only: `GET /api/v1/debug/fail` throws an unexpected error. */
  FIELDPLAN_FAULT_INJECTION: bool.default(false),
  /** When set, GET /metrics also answers `Authorization: Bearer <token>` from other hosts than loopback. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  GOOGLE_MAPS_API_KEY: z.string().min(1).optional(),
  /** Origin the Maps JavaScript API is loaded from (default Google's); tests point it at a stand-in. */
  GOOGLE_MAPS_SCRIPT_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  TILE_URL_TEMPLATE: z.string().min(1).optional(),
  TILE_ATTRIBUTION: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FIELDPLAN_DEMO: bool.default(true),
  /** The demo seed's language (`en`, `de`; a tag like `de-AT` takes its language); unset: English. */
  FIELDPLAN_DEMO_LOCALE: z
    .string()
    .transform((v) => v.trim().toLowerCase().split(/[-_]/)[0] ?? '')
    .pipe(
      z.enum(shippedLocales, {
        error: `must be one of ${shippedLocales.join(', ')} (a language tag such as de-AT counts)`,
      }),
    )
    .optional(),
  /** Sign-in attempts a minute per address and per account (docs/PRODUCT.md, "Limits": 10). */
  SIGNIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Lets calendar feeds be fetched from 127.0.0.0/8 and ::1 on any port: for tests only, never in production. */
  FEEDS_ALLOW_LOOPBACK: bool.default(false),
  /** "Refresh now" fetches a feed a minute may run, per feed (each one loads a remote URL while the user waits). */
  FEED_REFRESH_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(6),
  /** Ports besides 80 and 443 that calendar feeds may use, comma-separated (`8080,8443`). */
  FEEDS_ALLOWED_PORTS: z
    .string()
    .regex(/^\d{1,5}(,\d{1,5})*$/, 'must be port numbers separated by commas, like 8080,8443')
    .transform((v) => v.split(',').map(Number))
    .default([]),
  /** Travel model: road distance ÷ straight line, and average speed in km/h. */
  TRAVEL_DETOUR_FACTOR: z.coerce.number().min(1).max(5).default(1.3),
  TRAVEL_SPEED_KMH: z.coerce.number().min(1).max(200).default(30),
  /** An OSRM-compatible routing service (its `/table` API) for drive times instead of the model. */
  ROUTING_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  /**
   * Street search without a Google key (docs/adr/0021-public-geocoder.md): a Photon (or Nominatim) base URL, or `off`. Unset:
   * the public komoot instance, except under NODE_ENV=test (off, so tests never leave loopback).
   */
  GEOCODER_URL: z
    .union([z.literal('off'), z.url().regex(/^https?:\/\//, 'must be an http(s) URL or off')], {
      error: 'must be an http(s) URL or off',
    })
    .optional(),
  GEOCODER_KIND: z.enum(['photon', 'nominatim']).default('photon'),
  /** Who to contact about our requests (URL or email), sent in the User-Agent; default PUBLIC_URL. */
  GEOCODER_CONTACT: z
    .string()
    .min(3)
    .max(200)
    .regex(/^[^\r\n()]+$/, 'must be one line without brackets')
    .optional(),
  /** The least time between two geocoder requests of this process (the public instance asks for ≤ 1/s). */
  GEOCODER_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** A geocoder answer slower than this is dropped and the built-in index answers alone. */
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2_000),
  /** Where uploaded files (photos) are kept on disk when no S3 bucket is set; default: `files/` beside the SQLite file, else ./data/files. */
  STORAGE_DIR: z.string().min(1).optional(),
  /** An S3-compatible bucket for uploaded files instead of the disk (docs/adr/0026-photo-storage.md). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  /** The store's URL (MinIO, Ceph, R2 …); unset: AWS S3 itself. */
  S3_ENDPOINT: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1')
    .default('us-east-1'),
  /** Both, or neither (then the AWS SDK's own credential chain: environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Address the bucket as `<endpoint>/<bucket>` (MinIO and most self-hosted stores) instead of `<bucket>.<endpoint>`. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** The largest photo accepted, in bytes (docs/PRODUCT.md, "Work record"). */
  PHOTO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /** What one workspace's photos may take in all, in bytes. */
  WORKSPACE_STORAGE_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(Number.MAX_SAFE_INTEGER)
    .default(5 * 1024 * 1024 * 1024),
  /** Customer email (docs/adr/0029-notification-outbox.md): smtp://user:pass@host:587, or smtps:// for TLS from the start. */
  SMTP_URL: z
    .url({ error: 'must be a URL like smtp://user:password@host:587 or smtps://…' })
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** The From address when a workspace set none in its notification settings. */
  SMTP_FROM: z.email({ error: 'must be an email address' }).optional(),
  /** Customer texts through Twilio's Messages API (or a compatible service at SMS_BASE_URL): all three, or none. */
  SMS_ACCOUNT_SID: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}$/, 'must be an account id of letters and digits')
    .optional(),
  SMS_AUTH_TOKEN: z.string().min(8, 'must be at least 8 characters').optional(),
  SMS_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11}|MG[0-9a-f]{32})$/, 'must be a +E.164 number or a sender id')
    .optional(),
  SMS_BASE_URL: z
    .url()
    .regex(/^https?:\/\//, 'must be an http(s) URL')
    .default('https://api.twilio.com'),
  /** How often each process looks for due notifications. */
  NOTIFICATIONS_POLL_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  /** Where the built SPA lives; empty disables static serving (API-only tests). */
  WEB_DIST: z.string().optional(),
  /**
   * Connection deadlines: the request headers must arrive within HTTP_HEADERS_TIMEOUT_MS of connecting
   * (idle sockets included), the whole request within HTTP_REQUEST_TIMEOUT_MS, and an idle kept-alive
   * connection is closed after HTTP_KEEP_ALIVE_TIMEOUT_MS.
   */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
});

export type Config = Omit<z.infer<typeof envSchema>, 'GEOCODER_URL'> & {
  secureCookies: boolean;
  appOrigin: string | null;
  /** The geocoder's base URL, or null when street search is off. */
  GEOCODER_URL: string | null;
};

/** The public Photon instance (komoot), used when GEOCODER_URL is not set. */
export const publicGeocoderUrl = 'https://photon.komoot.io';

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming each variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // An external realtime service needs all three; one or two set is a typo, not the embedded server.
  const pusher = (['PUSHER_APP_ID', 'PUSHER_KEY', 'PUSHER_SECRET'] as const).filter((k) => !parsed.data[k]);
  if (pusher.length > 0 && pusher.length < 3) {
    const lines = pusher.map((k) => `  ${k}: required when any of PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Node refuses a headers deadline past the request's: say which variable is wrong instead.
  if (parsed.data.HTTP_HEADERS_TIMEOUT_MS > parsed.data.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration:\n  HTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  }
  // The drain is part of the deadline: one as long leaves no time to finish the requests received.
  if (parsed.data.SHUTDOWN_DRAIN_MS >= parsed.data.SHUTDOWN_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  SHUTDOWN_DRAIN_MS: must be shorter than SHUTDOWN_TIMEOUT_MS');
  }
  // The S3 settings mean nothing without a bucket, and one key without the other is a typo.
  const s3 = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => parsed.data[k]);
  if (s3.length > 0 && !parsed.data.S3_BUCKET) {
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET: required when ${s3.join(', ')} is set`);
  }
  const keys = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !parsed.data[k]);
  if (keys.length === 1) {
    throw new ConfigError(
      `Invalid configuration:\n  ${keys[0]}: required when ${keys[0] === 'S3_ACCESS_KEY_ID' ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'} is set`,
    );
  }
  // Texts need the account, its token and a sender: one or two of them set is a typo.
  const sms = (['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'] as const).filter((k) => !parsed.data[k]);
  if (sms.length > 0 && sms.length < 3) {
    const lines = sms.map((k) => `  ${k}: required when any of SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const publicUrl = parsed.data.PUBLIC_URL;
  const geocoder = parsed.data.GEOCODER_URL ?? (parsed.data.NODE_ENV === 'test' ? 'off' : publicGeocoderUrl);
  return {
    ...parsed.data,
    GEOCODER_URL: geocoder === 'off' ? null : geocoder,
    secureCookies: publicUrl?.startsWith('https://') ?? false,
    appOrigin: publicUrl ? new URL(publicUrl).origin : null,
  };
}
