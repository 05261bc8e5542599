import type { RealtimeServer } from '@fieldplan/realtime';
import type { RealtimeConfig } from '@fieldplan/shared';
import type { FastifyRequest } from 'fastify';
import Pusher from 'pusher';
import type { RealtimeCredentials } from './credentials.js';

/**
 * The identity signed into a channel's authorization (`channel_data`): a `presence-` member, or the user a
 * `private-` subscription is bound to (`user_id` alone; see `bindsPrivateChannels`).
 */
export interface PresenceIdentity {
  user_id: string;
  user_info?: Record<string, unknown>;
}

/**
 * Everything the app asks of its realtime service, whichever it is: the embedded server
 * (published in process, fanned out through Redis) or an external Pusher-compatible one (the SDK).
 */
export interface RealtimePublisher {
  readonly mode: 'embedded' | 'external';
  /** The embedded server itself (presence, stats); absent with an external service. */
  readonly server?: RealtimeServer;
  /** Sends one event; rejects when the service refused it. */
  publish(channel: string, event: string, data: unknown): Promise<void>;
  /** Closes (4009) every connection signed in as the user, on every process. */
  terminateUserConnections(userId: string): Promise<void>;
  /** The `auth` (and `channel_data`) pusher-js needs to subscribe a private or presence channel. */
  authorizeChannel(socketId: string, channel: string, identity?: PresenceIdentity): Pusher.ChannelAuthResponse;
  /**
   * Whether private channels are authorized for one user (`channel_data` `{user_id}`): the embedded
   * server checks it against the connection's sign-in; Pusher's protocol has no such check.
   */
  readonly bindsPrivateChannels: boolean;
  /** The `auth` and `user_data` pusher-js needs for `pusher:signin`. */
  authenticateUser(socketId: string, user: { id: string; user_info: Record<string, unknown> }): Pusher.UserAuthResponse;
  /** Where the browser connects, as `GET /api/v1/config` tells it. */
  browserConfig(request: FastifyRequest): RealtimeConfig;
  close(): Promise<void>;
}

/** The official SDK for these credentials: it signs in both modes and publishes in the external one. */
export function pusherSdk(credentials: RealtimeCredentials): Pusher {
  const { appId, key, secret, external } = credentials;
  return new Pusher({
    appId,
    key,
    secret,
    host: external?.host ?? '127.0.0.1',
    ...(external && { port: String(external.port) }),
    useTLS: external?.useTLS ?? false,
    timeout: 5_000,
  });
}
