import { channelAuthText, verifySocketAuth } from '../auth.js';
import type { Connection } from '../connection.js';
import type { ServerContext } from '../context.js';
import { frames } from '../protocol/messages.js';

/** Why a subscription was refused. `code` also sends a `pusher:error` with that code (limits, bad names). */
export interface Rejection {
  type: 'AuthError' | 'LimitReached' | 'InvalidChannel' | 'BadRequest';
  message: string;
  /** The `status` of `pusher:subscription_error`: 401 for authorization, the error code otherwise. */
  status: number;
  code?: number;
}

export const authError = (message: string): Rejection => ({ type: 'AuthError', message, status: 401 });

export const invalidSignature = (channel: string) => authError(`Invalid signature for ${channel}`);

/**
 * Whether a private or presence subscription's `auth` was signed for this socket and channel, in
 * either form (`socket_id:channel` or with its `channel_data`). Only the signature: who it binds is
 * checked on admission, which for `requireSignIn` may wait for the sign-in.
 */
export function signedForSocket(
  ctx: Pick<ServerContext, 'key' | 'secret'>,
  conn: Pick<Connection, 'socketId'>,
  channel: string,
  fields: Record<string, unknown>,
): boolean {
  const channelData = fields.channel_data;
  const signs = (text: string) => verifySocketAuth(fields.auth, ctx.key, ctx.secret, text);
  return (
    (typeof channelData === 'string' && signs(channelAuthText(conn.socketId, channel, channelData))) ||
    signs(channelAuthText(conn.socketId, channel))
  );
}

/** Tells the client: `pusher:subscription_error` on the channel (pusher-js hands it to the channel's listeners). */
export function reject(conn: Connection, channel: string, rejection: Rejection): void {
  if (rejection.code !== undefined) conn.sendError(rejection.code, rejection.message);
  conn.send(frames.subscriptionError(channel, rejection.type, rejection.message, rejection.status));
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
