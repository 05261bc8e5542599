import type { RawData } from 'ws';
import { isRecord } from './channels/admission.js';
import { subscribe, unsubscribe } from './channels/subscriptions.js';
import { relayClientEvent } from './client-events.js';
import type { Connection } from './connection.js';
import type { ServerContext } from './context.js';
import { ErrorCode } from './protocol/codes.js';
import { type ClientFrame, frames, parseClientFrame } from './protocol/messages.js';
import { signIn } from './signin.js';

/** A WebSocket message from a client: checked, parsed, then handled in order with the connection's others. */
export function onClientMessage(ctx: ServerContext, conn: Connection, raw: RawData, isBinary: boolean): void {
  conn.touch();
  const bytes = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
  const frame = isBinary || bytes.length > ctx.limits.maxMessageBytes ? null : parseClientFrame(bytes.toString('utf8'));
  if (!frame) {
    if (isBinary) conn.sendError(ErrorCode.BadRequest, 'Binary frames are not supported');
    else if (bytes.length > ctx.limits.maxMessageBytes) {
      conn.sendError(ErrorCode.MessageTooLarge, `Message larger than ${ctx.limits.maxMessageBytes} bytes`);
    } else conn.sendError(ErrorCode.BadRequest, 'Messages must be JSON objects with an event name');
  } else if (frame.event === 'pusher:ping') {
    conn.send(frames.pong());
  } else if (frame.event !== 'pusher:pong') {
    conn.queue = conn.queue
      .then(() => (conn.closed ? undefined : handle(ctx, conn, frame)))
      .catch((err: unknown) =>
        ctx.logger.error({ err, socketId: conn.socketId, event: frame.event }, 'realtime: frame failed'),
      );
  }
}

async function handle(ctx: ServerContext, conn: Connection, frame: ClientFrame): Promise<void> {
  switch (frame.event) {
    case 'pusher:subscribe':
      return subscribe(ctx, conn, frame.data);
    case 'pusher:unsubscribe': {
      const channel = isRecord(frame.data) ? frame.data.channel : undefined;
      if (typeof channel === 'string') await unsubscribe(ctx, conn, channel);
      return;
    }
    case 'pusher:signin':
      return signIn(ctx, conn, frame.data);
    default:
      if (frame.event.startsWith('client-')) return relayClientEvent(ctx, conn, frame);
      conn.sendError(ErrorCode.BadRequest, `Unknown event ${frame.event}`);
  }
}
