import { randomBytes } from 'node:crypto';
import type { Server as HttpServer, IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ChannelStats, PresenceMember } from './adapters/adapter.js';
import { createLocalAdapter } from './adapters/local.js';
import type { ServerContext } from './context.js';
import { startHeartbeat } from './heartbeat.js';
import { createFastifyPlugin } from './http-api/fastify.js';
import { createHttpApi, type HttpApiHandler } from './http-api/router.js';
import { LocalHub } from './hub.js';
import { silentLogger } from './logger.js';
import { type RealtimeServerOptions, resolveLimits } from './options.js';
import { correctView } from './presence-views.js';
import { channelKind, channelNameProblem } from './protocol/channel-names.js';
import { CloseCode } from './protocol/codes.js';
import { frames, RESUME_EVENT, wireData } from './protocol/messages.js';
import { publishToChannel } from './publish.js';
import { createSocketServer } from './socket-server.js';

export interface ChannelState {
  occupied: boolean;
  subscriptionCount: number;
  /** Presence channels only. */
  userCount?: number;
}

export type RealtimeServer = ReturnType<typeof createRealtimeServer>;

/** A Pusher protocol 7 + HTTP API server for one app. See README.md for embedding it. */
export function createRealtimeServer(options: RealtimeServerOptions) {
  const limits = resolveLimits(options.limits);
  const logger = options.logger ?? silentLogger;
  const adapter = options.adapter ?? createLocalAdapter();
  const hub = new LocalHub(options.batchWrites);
  const nodeId = randomBytes(6).toString('hex');
  const cleanups = new Set<Promise<unknown>>();

  const ctx: ServerContext = {
    appId: options.appId,
    key: options.key,
    secret: options.secret,
    limits,
    hub,
    adapter,
    logger,
    clientEvents: options.clientEvents ?? false,
    requireSignIn: options.requireSignIn ?? false,
    broadcast(channel, frame, exceptSocketId) {
      hub.deliver(channel, frame, exceptSocketId);
      adapter.broadcast(channel, frame, exceptSocketId);
    },
    terminateUser(userId) {
      terminateLocalUser(userId);
      adapter.terminateUser(userId);
    },
    track(work) {
      cleanups.add(work);
      void work.finally(() => cleanups.delete(work));
    },
  };

  function terminateLocalUser(userId: string): void {
    hub.markTerminated(userId);
    for (const conn of hub.userConnections(userId)) conn.close(CloseCode.Unauthorized, 'Connection terminated');
  }

  const ready = adapter.start({
    appId: options.appId,
    nodeId,
    logger,
    deliverLocal: (channel, frame, except) => hub.deliver(channel, frame, except),
    terminateLocalUser,
    localSubscriptionCounts: () => hub.subscriptionCounts(),
    async reconcilePresence(channel, read) {
      const watch = hub.watchPresence(channel);
      try {
        const members = await read();
        let sent = 0;
        for (const conn of hub.subscribers(channel)) sent += correctView(conn, channel, members, watch.users);
        if (sent > 0) logger.info({ channel, frames: sent }, 'realtime: presence reconciled after recovery');
      } finally {
        watch.stop();
      }
    },
    resume() {
      for (const channel of hub.channelNames()) hub.deliver(channel, frames.channelEvent(channel, RESUME_EVENT, '{}'));
    },
  });
  const sockets = createSocketServer(ctx, options.allowedOrigins, options.clientAddress);
  const stopHeartbeat = startHeartbeat(hub, limits);
  const handleHttp: HttpApiHandler = createHttpApi(ctx);
  const attached: Array<{ server: HttpServer; listener: (req: IncomingMessage, s: Duplex, h: Buffer) => void }> = [];

  return {
    /** Resolves once the adapter has started (a Redis adapter that can't connect yet still resolves, degraded). */
    ready,
    nodeId,
    /** Takes WebSocket upgrades at `/app/:key` on this HTTP server; other upgrade paths are left alone. */
    attach(server: HttpServer): void {
      const listener = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (sockets.handleUpgrade(req, socket, head)) return;
        // Nobody else listens for upgrades: answer rather than leave the socket hanging.
        if (server.listenerCount('upgrade') === 1) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      };
      server.on('upgrade', listener);
      attached.push({ server, listener });
    },
    /** The HTTP API as a Node request handler; resolves false for paths outside `/apps/`. */
    handleHttp,
    /** The HTTP API as a Fastify plugin: `app.register(realtime.fastifyPlugin)`. */
    fastifyPlugin: createFastifyPlugin(handleHttp, limits.maxHttpBodyBytes),

    /** Sends `event` on each channel from every process; `data` that is not a string is JSON-encoded. */
    async publish(channels: string | readonly string[], event: string, data: unknown, excludeSocketId?: string) {
      const list = typeof channels === 'string' ? [channels] : channels;
      for (const channel of list) {
        const problem = channelNameProblem(channel, limits.maxChannelNameLength);
        if (problem) throw new Error(`realtime: ${problem}: ${channel}`);
      }
      const payload = wireData(data);
      if (Buffer.byteLength(payload) > limits.maxMessageBytes) {
        throw new Error(`realtime: event data larger than ${limits.maxMessageBytes} bytes`);
      }
      await ready;
      for (const channel of list) publishToChannel(ctx, channel, event, payload, excludeSocketId);
    },
    /** Closes (4009) every connection signed in as `userId`, on every process. */
    async terminateUserConnections(userId: string) {
      await ready;
      ctx.terminateUser(userId);
    },
    async channelInfo(channel: string): Promise<ChannelState> {
      const stats = await adapter.channelStats(channel);
      return toState(channel, stats);
    },
    /** Occupied channels (on every process) whose name starts with `prefix`. */
    async channels(prefix = ''): Promise<Map<string, ChannelState>> {
      const all = await adapter.allChannelStats(prefix);
      return new Map([...all].map(([name, stats]) => [name, toState(name, stats)]));
    },
    presenceMembers(channel: string): Promise<PresenceMember[]> {
      return adapter.presenceMembers(channel);
    },
    /** Connections on this process, whether the adapter reaches its backplane, frames in and out so far. */
    stats: () => ({
      connections: hub.connections.size,
      adapter: adapter.status(),
      messagesIn: hub.traffic.in,
      messagesOut: hub.traffic.out,
    }),

    /** Closes every connection with 4200 (reconnect at once, elsewhere), leaves presence, stops the adapter. */
    async close(): Promise<void> {
      for (const { server, listener } of attached.splice(0)) server.off('upgrade', listener);
      stopHeartbeat();
      sockets.closeAll();
      await Promise.allSettled([...cleanups]);
      await ready.catch(() => undefined);
      await adapter.close();
    },
  };
}

function toState(channel: string, stats: ChannelStats): ChannelState {
  const state: ChannelState = { occupied: stats.subscriptionCount > 0, subscriptionCount: stats.subscriptionCount };
  if (channelKind(channel) === 'presence') state.userCount = stats.userCount ?? 0;
  return state;
}
