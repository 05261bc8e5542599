import { channelAuthText, verifySocketAuth } from '../auth.js';
import type { Connection } from '../connection.js';
import type { ServerContext } from '../context.js';
import { authError, type Rejection } from './admission.js';

/** A `private-` channel: the auth must sign `socket_id:channel`. */
export function admitPrivate(ctx: ServerContext, conn: Connection, channel: string, auth: unknown): Rejection | null {
  const text = channelAuthText(conn.socketId, channel);
  return verifySocketAuth(auth, ctx.key, ctx.secret, text) ? null : authError(`Invalid signature for ${channel}`);
}
