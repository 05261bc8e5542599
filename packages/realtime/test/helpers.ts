import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PusherServer from 'pusher';
import Pusher, { type Channel } from 'pusher-js';
import WebSocket from 'ws';
import { createRealtimeServer, type RealtimeServer, type RealtimeServerOptions } from '../src/index.js';

export const APP = { appId: '1', key: 'app-key', secret: 'app-secret' };

export interface TestServer {
  realtime: RealtimeServer;
  http: Server;
  port: number;
  close(): Promise<void>;
}

/** A realtime server on an ephemeral loopback port, HTTP API and WebSocket on the same port. */
export async function startServer(options: Partial<RealtimeServerOptions> = {}): Promise<TestServer> {
  const realtime = createRealtimeServer({ ...APP, ...options });
  const http = createServer((req, res) => {
    void realtime.handleHttp(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end();
    });
  });
  realtime.attach(http);
  await realtime.ready;
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const port = (http.address() as AddressInfo).port;
  return {
    realtime,
    http,
    port,
    async close() {
      await realtime.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** The official server SDK pointed at a test server (optionally with a wrong secret). */
export function sdk(port: number, secret = APP.secret): PusherServer {
  return new PusherServer({
    appId: APP.appId,
    key: APP.key,
    secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}

export interface ClientOptions {
  /** Presence identity given by the channel authorizer. */
  user?: { id: string; info?: Record<string, unknown> };
  /** Signs channel auth and sign-in with this secret (a wrong one makes bad signatures). */
  secret?: string;
  activityTimeout?: number;
  pongTimeout?: number;
}

/** The official pusher-js client (Node build), authorizing channels and users with the `pusher` SDK. */
export function client(port: number, options: ClientOptions = {}): Pusher {
  const signer = sdk(port, options.secret);
  const user = options.user;
  return new Pusher(APP.key, {
    cluster: 'local',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    activityTimeout: options.activityTimeout,
    pongTimeout: options.pongTimeout,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        const presence =
          channelName.startsWith('presence-') && user ? { user_id: user.id, user_info: user.info } : undefined;
        callback(null, signer.authorizeChannel(socketId, channelName, presence));
      },
    },
    userAuthentication: {
      customHandler: ({ socketId }, callback) => {
        if (!user) return callback(new Error('no user'), null);
        callback(null, signer.authenticateUser(socketId, { id: user.id, user_info: user.info }));
      },
    },
  });
}

export async function connected(pusher: Pusher): Promise<string> {
  if (pusher.connection.state !== 'connected') {
    await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()));
  }
  return pusher.connection.socket_id;
}

export function subscribed(pusher: Pusher, name: string): Promise<Channel> {
  const channel = pusher.subscribe(name);
  return new Promise((resolve, reject) => {
    channel.bind('pusher:subscription_succeeded', () => resolve(channel));
    channel.bind('pusher:subscription_error', (err: unknown) => reject(new Error(JSON.stringify(err))));
  });
}

/** Resolves with the next `event` on a pusher-js channel (or connection / user). */
export function nextEvent<T = unknown>(
  target: { bind(e: string, cb: (data: T, meta?: unknown) => void): unknown },
  event: string,
) {
  return new Promise<{ data: T; meta?: unknown }>((resolve) => {
    target.bind(event, (data: T, meta?: unknown) => resolve({ data, meta }));
  });
}

/** Polls until `check` is true, failing after `timeoutMs`. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 5000, what = 'condition') {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** A bare WebSocket client speaking the protocol by hand, for what pusher-js would never send. */
export class RawClient {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      if (typeof frame.data === 'string') {
        try {
          frame.data = JSON.parse(frame.data);
        } catch {}
      }
      this.frames.push(frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async open(port: number, path = `/app/${APP.key}?protocol=7&client=js&version=8.4.0`, headers = {}) {
    const raw = new RawClient(new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers }));
    await once(raw.ws, 'open');
    return raw;
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The first frame (received or still to come) matching `match`. */
  async next(match: (f: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a frame');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async socketId(): Promise<string> {
    const frame = await this.next((f) => f.event === 'pusher:connection_established');
    return (frame.data as { socket_id: string }).socket_id;
  }

  close(): void {
    this.ws.close();
  }
}
