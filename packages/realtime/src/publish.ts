import type { ServerContext } from './context.js';
import { frames } from './protocol/messages.js';

/** Sends an app event (from `publish()` or the HTTP API) to a channel on every process. */
export function publishToChannel(
  ctx: ServerContext,
  channel: string,
  event: string,
  data: string,
  exceptSocketId?: string,
): void {
  ctx.broadcast(channel, frames.channelEvent(channel, event, data), exceptSocketId);
}
