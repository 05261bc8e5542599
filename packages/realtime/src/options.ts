import type { RealtimeAdapter } from './adapters/adapter.js';
import type { Logger } from './logger.js';

/** Limits and timings. Every field has a default (PRODUCT.md §9 and Pusher's published limits). */
export interface RealtimeLimits {
  /** Seconds of silence from a client before the server pings it; sent as `activity_timeout`. Default 120. */
  activityTimeoutSeconds: number;
  /** Seconds to wait for any frame after a server ping before closing with 4201. Default 30. */
  pongTimeoutSeconds: number;
  /** Largest WebSocket frame from a client, and largest event `data` through the HTTP API, in bytes. Default 10 KB. */
  maxMessageBytes: number;
  /** Default 164, Pusher's limit. */
  maxChannelNameLength: number;
  /** Distinct users per presence channel. Default 100. */
  maxPresenceMembers: number;
  /** Bytes of JSON of a presence member's `user_info` or a sign-in's `user_data`. Default 1 KB. */
  maxUserInfoBytes: number;
  /** Client events a connection may send per second (burst of the same size). Default 10. */
  clientEventsPerSecond: number;
  /** Open connections on this process before new ones are closed with 4100. Default unlimited. */
  maxConnections: number;
  /** Bytes queued for one client before it is closed with 4100 as too slow. Default 4 MiB. */
  maxBufferedBytes: number;
  /** HTTP API: event name length (200), channels per event (100), events per batch (10), body bytes (256 KB). */
  maxEventNameLength: number;
  maxChannelsPerEvent: number;
  maxBatchSize: number;
  maxHttpBodyBytes: number;
  /** HTTP API: how far `auth_timestamp` may be from now, in seconds. Default 600. */
  maxClockSkewSeconds: number;
}

export const DEFAULT_LIMITS: RealtimeLimits = {
  activityTimeoutSeconds: 120,
  pongTimeoutSeconds: 30,
  maxMessageBytes: 10 * 1024,
  maxChannelNameLength: 164,
  maxPresenceMembers: 100,
  maxUserInfoBytes: 1024,
  clientEventsPerSecond: 10,
  maxConnections: Number.POSITIVE_INFINITY,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxEventNameLength: 200,
  maxChannelsPerEvent: 100,
  maxBatchSize: 10,
  maxHttpBodyBytes: 256 * 1024,
  maxClockSkewSeconds: 600,
};

export interface RealtimeServerOptions {
  appId: string;
  key: string;
  secret: string;
  /** Where events and presence live past this process: `createLocalAdapter()` (default) or `createRedisAdapter()`. */
  adapter?: RealtimeAdapter;
  /**
   * Origins (`https://app.example.com`) allowed to open a WebSocket; an upgrade with another `Origin` gets
   * HTTP 403. A request with no `Origin` (a server-side client) is allowed. Unset, or holding `*`: any origin.
   */
  allowedOrigins?: readonly string[];
  limits?: Partial<RealtimeLimits>;
  /**
   * Holds each socket's broadcast writes until the event loop's turn ends (cork/uncork), so events sent
   * in the same turn leave in one write per socket. On by default (`false` turns it off): at 5,000 clients it
   * raised capacity 1.5× and cut p99 under load — docs/PERFORMANCE.md, "Realtime capacity".
   */
  batchWrites?: boolean;
  logger?: Logger;
}

export function resolveLimits(partial: Partial<RealtimeLimits> = {}): RealtimeLimits {
  const limits = { ...DEFAULT_LIMITS, ...partial };
  for (const [name, value] of Object.entries(limits)) {
    if (!(typeof value === 'number' && value > 0))
      throw new Error(`realtime: limits.${name} must be a positive number`);
  }
  return limits;
}
