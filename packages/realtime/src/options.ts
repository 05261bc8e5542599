import type { IncomingMessage } from 'node:http';
import type { RealtimeAdapter } from './adapters/adapter.js';
import type { Logger } from './logger.js';

/** Limits and timings. Every field has a default (docs/PRODUCT.md, "Limits" and Pusher's published limits). */
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
  /**
   * Channels one connection may hold (joined, or waiting for its sign-in); more answer `pusher:error` 4309
   * and `pusher:subscription_error`. Default 100 (Fieldplan's app holds four at most).
   */
  maxSubscriptionsPerConnection: number;
  /**
   * Open connections from one remote address on this process; more are closed with 4100 (pusher-js retries
   * after 1 s, so a tab gets in once another closes). Default 100. Behind a proxy every client shares its address.
   */
  maxConnectionsPerAddress: number;
  /** `requireSignIn`: how long a private or presence subscription waits for the connection's sign-in. Default 30. */
  signInTimeoutSeconds: number;
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
  maxSubscriptionsPerConnection: 100,
  maxConnectionsPerAddress: 100,
  signInTimeoutSeconds: 30,
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
  /**
   * The client's address, which `limits.maxConnectionsPerAddress` counts by; default the TCP peer. Behind
   * a proxy every client shares the proxy's address: give the forwarded one that the app trusts.
   */
  clientAddress?: (req: IncomingMessage) => string;
  limits?: Partial<RealtimeLimits>;
  /**
   * Holds each socket's broadcast writes until the event loop's turn ends (cork/uncork), so events sent
   * in the same turn leave in one write per socket. On by default (`false` turns it off): at 5,000 clients it
   * raised capacity 1.5× and cut p99 under load — docs/PERFORMANCE.md, "Realtime capacity".
   */
  batchWrites?: boolean;
  /**
   * Relays `client-` events on private and presence channels. Off by default: any subscriber could then
   * send to every other one; when off they answer `pusher:error` 4301 (as soketi does) and are dropped.
   */
  clientEvents?: boolean;
  /**
   * Private and presence channels only for signed-in connections (`pusher:signin`): a subscription that
   * arrives first waits up to `limits.signInTimeoutSeconds` for it, then is refused (AuthError 401). So
   * `terminateUserConnections` finds every connection that holds such a channel. A presence member, and a
   * private channel's signed `channel_data` `user_id` when the authorizer sends one, must be the signed-in
   * user. Off by default (Pusher's own behaviour); Fieldplan turns it on.
   */
  requireSignIn?: boolean;
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
