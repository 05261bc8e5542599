import type { Connection } from './connection.js';
import type { ServerContext } from './context.js';
import { acceptsClientEvents } from './protocol/channel-names.js';
import { ErrorCode } from './protocol/codes.js';
import { type ClientFrame, frames, wireData } from './protocol/messages.js';

/**
 * A `client-` event: refused while the server has client events off (the default), else only on a private or presence channel the sender is subscribed to, at most
 * `clientEventsPerSecond`, relayed to every other subscriber (never echoed to the sender). On presence
 * channels it carries the sender's `user_id`.
 */
export function relayClientEvent(ctx: ServerContext, conn: Connection, frame: ClientFrame): void {
  const refusal = refuse(ctx, conn, frame);
  if (refusal) {
    conn.sendError(refusal.code, refusal.message);
    return;
  }
  const channel = frame.channel ?? '';
  const userId = conn.subscriptions.get(channel)?.id;
  ctx.broadcast(channel, frames.channelEvent(channel, frame.event, wireData(frame.data), userId), conn.socketId);
}

function refuse(ctx: ServerContext, conn: Connection, { channel, event }: ClientFrame) {
  const rejected = (message: string) => ({ code: ErrorCode.ClientEventRejected, message });
  if (!ctx.clientEvents) {
    return { code: ErrorCode.ClientEventRateLimit, message: 'Client events are not enabled on this server' };
  }
  if (channel === undefined || !acceptsClientEvents(channel)) {
    return rejected('Client events are allowed on private and presence channels only');
  }
  if (!conn.subscriptions.has(channel)) return rejected(`Not subscribed to ${channel}`);
  if (event.length > ctx.limits.maxEventNameLength)
    return rejected(`Event name longer than ${ctx.limits.maxEventNameLength}`);
  // Checked last, so only events that would be relayed use up the allowance.
  if (!conn.takeClientEventToken()) {
    return { code: ErrorCode.ClientEventRateLimit, message: 'Client event rejected due to rate limit' };
  }
  return null;
}
