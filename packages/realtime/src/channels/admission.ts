import type { Connection } from '../connection.js';
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

/** Tells the client: `pusher:subscription_error` on the channel (pusher-js hands it to the channel's listeners). */
export function reject(conn: Connection, channel: string, rejection: Rejection): void {
  if (rejection.code !== undefined) conn.sendError(rejection.code, rejection.message);
  conn.send(frames.subscriptionError(channel, rejection.type, rejection.message, rejection.status));
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
