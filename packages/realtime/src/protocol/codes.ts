/**
 * Close codes and error codes, with the reason each sits in its range.
 *
 * pusher-js decides what to do after a close from the code alone (core/connection/protocol/protocol.ts,
 * `getCloseAction`, acted on in connection_manager.ts):
 *   4000        → 'tls_only': reconnect over TLS
 *   4001–4099   → 'refused':  state `disconnected`, it never reconnects by itself
 *   4100–4199   → 'backoff':  reconnect after 1 s
 *   4200–4299   → 'retry':    reconnect at once
 *   ≥ 4300      → 'refused' as well (unknown range), so we never close with a code ≥ 4300:
 *                 4300–4399 are sent only inside `pusher:error` frames on a connection that stays open.
 */
export const CloseCode = {
  /** Unknown app key: the same URL can never succeed, so the client must not loop (refused). */
  AppNotFound: 4001,
  /** The `protocol` query parameter names a version we don't speak (refused: retrying can't fix it). */
  UnsupportedProtocol: 4007,
  /** No `protocol` query parameter (refused). */
  NoProtocol: 4008,
  /**
   * Connection is unauthorized: a `pusher:signin` whose signature is wrong, and `terminate_connections`.
   * Refused on purpose: Pusher, soketi and sockudo all close terminated users with 4009, so the app sees
   * the same `disconnected` state whichever service it runs on, and a removed member's tab does not
   * silently come back. The app decides whether to reconnect (it calls `pusher.connect()`, and its auth
   * endpoints then refuse a deactivated member).
   */
  Unauthorized: 4009,
  /**
   * Too many connections on this process or from one address, or a client too slow to drain its buffer:
   * retry after 1 s (backoff), so a tab over the per-address cap gets in once another one closes.
   */
  OverCapacity: 4100,
  /** This process is shutting down: reconnect at once, through the load balancer to a live process (retry). */
  GoingAway: 4200,
  /** We pinged and no reply came within the pong timeout: the link is probably dead, reconnect at once (retry). */
  PongTimeout: 4201,
} as const;

/** Codes of `pusher:error` frames that leave the connection open (the protocol's 4300–4399 "other" range). */
export const ErrorCode = {
  /** A frame we can't use: not JSON, binary, missing fields, an unknown `pusher:` event, a duplicate subscription. */
  BadRequest: 4300,
  /**
   * The protocol's own code: more client events than the per-connection rate allows; the event is dropped.
   * Also sent when client events are turned off (`clientEvents: false`), as soketi and sockudo do.
   */
  ClientEventRateLimit: 4301,
  /** A frame larger than `limits.maxMessageBytes`. */
  MessageTooLarge: 4303,
  /** A channel name that is too long or has characters outside `[A-Za-z0-9_\-=@,.;]`. */
  InvalidChannel: 4304,
  /** A presence channel already has `limits.maxPresenceMembers` distinct users. */
  PresenceFull: 4305,
  /** A presence `user_info` (or a sign-in's `user_data`) larger than `limits.maxUserInfoBytes`. */
  UserInfoTooLarge: 4306,
  /** A client event on a public channel, on a channel the sender isn't subscribed to, or not named `client-…`. */
  ClientEventRejected: 4307,
  /** Sign-in refused without closing (already signed in as someone else, bad `user_data`). */
  SigninRejected: 4308,
  /** The connection already holds `limits.maxSubscriptionsPerConnection` channels. */
  TooManySubscriptions: 4309,
} as const;
