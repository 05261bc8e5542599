import { channelAuthText, verifySocketAuth } from '../auth.js';
import type { Connection } from '../connection.js';
import type { ServerContext } from '../context.js';
import { ErrorCode } from '../protocol/codes.js';
import { authError, invalidSignature, isRecord, type Rejection } from './admission.js';

/**
 * A `private-` channel: the auth must sign `socket_id:channel`, or `socket_id:channel:channel_data` when
 * the authorizer binds the subscription to a user (`channel_data` = `{"user_id": …}`, which pusher-js
 * passes along for any channel). A bound subscription of a signed-in connection must be that user's, so
 * an authorization one account obtained can't be used by a connection signed in as another.
 */
export function admitPrivate(
  ctx: ServerContext,
  conn: Connection,
  channel: string,
  fields: Record<string, unknown>,
): Rejection | null {
  const channelData = fields.channel_data;
  if (
    typeof channelData === 'string' &&
    verifySocketAuth(fields.auth, ctx.key, ctx.secret, channelAuthText(conn.socketId, channel, channelData))
  ) {
    const userId = boundUser(channelData);
    if (userId === null) {
      return { type: 'BadRequest', message: 'channel_data needs a user_id', status: 400, code: ErrorCode.BadRequest };
    }
    return conn.user && conn.user.id !== userId ? authError(`${channel} was authorized for another user`) : null;
  }
  const text = channelAuthText(conn.socketId, channel);
  return verifySocketAuth(fields.auth, ctx.key, ctx.secret, text) ? null : invalidSignature(channel);
}

function boundUser(channelData: string): string | null {
  try {
    const parsed: unknown = JSON.parse(channelData);
    const id = isRecord(parsed) ? parsed.user_id : undefined;
    return typeof id === 'string' && id !== '' ? id : typeof id === 'number' ? String(id) : null;
  } catch {
    return null;
  }
}
