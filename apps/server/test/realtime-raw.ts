import { once } from 'node:events';
import WebSocket from 'ws';
import { type ConnectTarget, type CookieHolder, cookieOf, eventually } from './realtime-harness.js';

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
}

/**
 * A bare WebSocket speaking the Pusher protocol by hand, for what the app's own client never does
 * (holding authorizations back, subscribing without signing in, client events, floods). No Origin and
 * no cookie, like a script.
 */
export class RawSocket {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (typeof frame.data === 'string') {
        try {
          frame.data = JSON.parse(frame.data);
        } catch {}
      }
      this.frames.push(frame);
    });
    ws.on('error', () => undefined);
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static async open(target: ConnectTarget, headers: Record<string, string> = {}): Promise<RawSocket> {
    const url = `ws://127.0.0.1:${target.port}/app/${target.key}?protocol=7`;
    const raw = new RawSocket(new WebSocket(url, { headers }));
    await Promise.race([once(raw.ws, 'open'), raw.closed]);
    return raw;
  }

  /** The socket id from `pusher:connection_established`. */
  async socketId(): Promise<string> {
    const frame = await this.next((f) => f.event === 'pusher:connection_established');
    return (frame.data as { socket_id: string }).socket_id;
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  async next(match: (f: Frame) => boolean, timeoutMs = 5000): Promise<Frame> {
    await eventually(() => this.frames.some(match), timeoutMs, 'a frame');
    return this.frames.find(match) as Frame;
  }

  /** The subscribe's answer: `subscription_succeeded` or `subscription_error`. */
  answerFor(channel: string, timeoutMs = 5000): Promise<Frame> {
    return this.next(
      (f) =>
        f.channel === channel &&
        (f.event === 'pusher_internal:subscription_succeeded' || f.event === 'pusher:subscription_error'),
      timeoutMs,
    );
  }

  events(name: string): Frame[] {
    return this.frames.filter((f) => f.event === name);
  }

  close(): void {
    this.ws.close();
  }
}

/** A form POST to one of the app's auth endpoints with `client`'s session, as pusher-js's ajax transport sends it. */
async function post<T>(origin: string, client: CookieHolder, path: string, form: Record<string, string>): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, cookie: cookieOf(client) },
    body: new URLSearchParams(form).toString(),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** What the app signs for a subscription of `socketId` with `client`'s session. */
export const authorize = (at: { origin: string }, client: CookieHolder, socketId: string, channel: string) =>
  post<{ auth: string; channel_data?: string }>(at.origin, client, '/api/realtime/auth', {
    socket_id: socketId,
    channel_name: channel,
  });

/** What the app signs for `pusher:signin` of `socketId` with `client`'s session. */
export const authenticate = (at: { origin: string }, client: CookieHolder, socketId: string) =>
  post<{ auth: string; user_data: string }>(at.origin, client, '/api/realtime/user-auth', { socket_id: socketId });
