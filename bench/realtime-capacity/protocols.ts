/**
 * Just enough of each server's protocol for the load generator: how to connect, what to answer, when a
 * client is subscribed. Events themselves are not parsed here (see `readEventTail`).
 */
import { createHmac } from 'node:crypto';
import type { WsConn } from './ws-client.js';

export type ProtocolName = 'pusher' | 'socketio' | 'bare';

export interface ProtocolOptions {
  key: string;
  secret: string;
  channel: string;
}

export interface Protocol {
  path: string;
  /** True when the client is subscribed once the upgrade is done (nothing to wait for). */
  readyOnOpen: boolean;
  /** A frame that is not an event: answers it; returns 'ready' once subscribed, or an error text. */
  control(conn: WsConn, text: string): 'ready' | { error: string } | undefined;
}

const SOCKET_ID = /socket_id\\?"\s*:\s*\\?"([0-9.]+)/;

/** Pusher protocol 7: wait for connection_established, subscribe to a private channel, answer pings. */
function pusher({ key, secret, channel }: ProtocolOptions): Protocol {
  return {
    path: `/app/${key}?protocol=7&client=capacity-bench&version=1.0`,
    readyOnOpen: false,
    control(conn, text) {
      if (text.includes('"pusher:ping"')) {
        conn.sendText('{"event":"pusher:pong","data":{}}');
      } else if (text.includes('pusher:connection_established')) {
        conn.socketId = SOCKET_ID.exec(text)?.[1] ?? '';
        const auth = createHmac('sha256', secret).update(`${conn.socketId}:${channel}`).digest('hex');
        conn.sendText(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: `${key}:${auth}` } }));
      } else if (text.includes('pusher_internal:subscription_succeeded')) {
        return 'ready';
      } else if (text.includes('pusher:error') || text.includes('subscription_error')) {
        return { error: text.slice(0, 200) };
      }
      return undefined;
    },
  };
}

/** Socket.IO v4 over Engine.IO 4, websocket transport only; the server puts every client in the room. */
function socketio(): Protocol {
  return {
    path: '/socket.io/?EIO=4&transport=websocket',
    readyOnOpen: false,
    control(conn, text) {
      if (text === '2') conn.sendText('3');
      else if (text.startsWith('40')) return 'ready';
      else if (text.startsWith('0')) conn.sendText('40');
      else if (text.startsWith('44') || text.startsWith('1')) return { error: text.slice(0, 200) };
      return undefined;
    },
  };
}

/** The bare broadcast loop: every open socket gets every event, nothing to say. */
function bare(): Protocol {
  return { path: '/', readyOnOpen: true, control: () => undefined };
}

export function protocolFor(name: ProtocolName, options: ProtocolOptions): Protocol {
  if (name === 'pusher') return pusher(options);
  if (name === 'socketio') return socketio();
  return bare();
}

const isDigit = (b: number | undefined) => b !== undefined && b >= 48 && b <= 57;

/** What `readEventTail` found (module-level, so reading 200k events a second allocates nothing). */
export const tail = { seq: 0, sentAt: 0 };

/**
 * Every event's data ends with `"seq":N,"t":T}`; each protocol wraps it in at most a few closing
 * bytes (`}"}` for Pusher's string-encoded data, `}]` for Socket.IO, `}` bare) and escapes the quotes
 * (`\"`) in Pusher's case. Reads both numbers backwards from the frame's end without decoding it.
 */
export function readEventTail(buf: Buffer, start: number, end: number): boolean {
  let i = end - 1;
  let skipped = 0;
  while (i > start && !isDigit(buf[i])) {
    i -= 1;
    if (++skipped > 4) return false;
  }
  let t = 0;
  let scale = 1;
  while (i > start && isDigit(buf[i])) {
    t += ((buf[i] as number) - 48) * scale;
    scale *= 10;
    i -= 1;
  }
  skipped = 0;
  while (i > start && !isDigit(buf[i])) {
    i -= 1;
    if (++skipped > 8) return false;
  }
  let seq = 0;
  scale = 1;
  let digits = 0;
  while (i > start && isDigit(buf[i])) {
    seq += ((buf[i] as number) - 48) * scale;
    scale *= 10;
    digits += 1;
    i -= 1;
  }
  if (digits === 0 || scale === 1) return false;
  tail.seq = seq;
  tail.sentAt = t;
  return true;
}
