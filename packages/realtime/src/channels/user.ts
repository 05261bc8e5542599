import type { Connection } from '../connection.js';
import { USER_CHANNEL_PREFIX } from '../protocol/channel-names.js';
import { authError, type Rejection } from './admission.js';

/** `#server-to-user-{id}`: only a connection signed in as that user (pusher-js joins it after sign-in). */
export function admitUserChannel(conn: Connection, channel: string): Rejection | null {
  const userId = channel.slice(USER_CHANNEL_PREFIX.length);
  return conn.user?.id === userId ? null : authError(`Sign in as user ${userId} to subscribe to ${channel}`);
}
