import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import { createLocalAdapter, createRealtimeServer, createRedisAdapter } from '@fieldplan/realtime';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { RealtimeCredentials } from './credentials.js';
import { pusherSdk, type RealtimePublisher } from './publisher.js';

/** An origin in its serialised form (`http://host:80` is `http://host`). */
function normalizeOrigin(origin: string): string | null {
  try {
    return new URL(origin).origin;
  } catch {
    return null;
  }
}

/**
 * The same rule as the CSRF check: PUBLIC_URL's origin, else the host the request was sent to. No
 * `Origin` at all (a server-side client) passes: channel authorization is what guards the data.
 */
export function upgradeOriginAllowed(req: IncomingMessage, appOrigin: string | null): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  const given = normalizeOrigin(origin);
  if (given === null) return false;
  if (appOrigin) return given === normalizeOrigin(appOrigin);
  const scheme = given.startsWith('https:') ? 'https' : 'http';
  return given === normalizeOrigin(`${scheme}://${req.headers.host ?? ''}`);
}

/**
 * The embedded Pusher-protocol server on Fieldplan's own port: WebSocket upgrades at `/app/:key`
 * and the HTTP API at `/apps/:id/…`. With REDIS_URL its events, presence and terminations span
 * every process; the Redis key prefix comes from the key, so each install (database) has its own.
 */
export async function createEmbeddedPublisher(
  app: FastifyInstance,
  config: Config,
  credentials: RealtimeCredentials,
  log: FastifyBaseLogger,
): Promise<RealtimePublisher> {
  const { appId, key, secret } = credentials;
  const adapter = config.REDIS_URL
    ? createRedisAdapter({ url: config.REDIS_URL, prefix: `fieldplan:${key}:` })
    : createLocalAdapter();
  // Behind the balancers TRUST_PROXY names, the per-address cap counts each client, not the balancer.
  const trusted = config.TRUST_PROXY ? proxyAddr.compile(config.TRUST_PROXY) : null;
  const realtime = createRealtimeServer({
    appId,
    key,
    secret,
    adapter,
    ...(trusted && { clientAddress: (req: IncomingMessage) => proxyAddr(req, trusted) }),
    logger: log,
    // Every connection on a workspace channel is signed in as its user, so deactivating a member or
    // lowering their role finds (and closes) all of them, on every process; see docs/adr/0015.
    requireSignIn: true,
    clientEvents: config.REALTIME_CLIENT_EVENTS,
    limits: {
      maxSubscriptionsPerConnection: config.REALTIME_MAX_SUBSCRIPTIONS,
      maxConnectionsPerAddress: config.REALTIME_MAX_CONNECTIONS_PER_ADDRESS || Number.POSITIVE_INFINITY,
    },
  });
  // Origins are checked here (same host as the request when PUBLIC_URL is unset); the server sees the rest.
  const gate = new EventEmitter();
  realtime.attach(gate as unknown as Server);
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (upgradeOriginAllowed(req, config.appOrigin)) {
      gate.emit('upgrade', req, socket, head);
      return;
    }
    log.warn({ origin: req.headers.origin }, 'realtime: upgrade refused, origin not allowed');
    socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  };
  app.server.on('upgrade', onUpgrade);
  await app.register(async (scope) => {
    // The Pusher HTTP API is its own protocol (signed requests), not part of Fieldplan's OpenAPI document.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    await scope.register(realtime.fastifyPlugin);
  });
  await realtime.ready;
  log.info({ adapter: config.REDIS_URL ? 'redis' : 'local', nodeId: realtime.nodeId }, 'realtime: embedded server');

  const sdk = pusherSdk(credentials);
  const publicUrl = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : null;
  const tls = publicUrl?.protocol === 'https:';
  return {
    mode: 'embedded',
    server: realtime,
    publish: (channel, event, data) => realtime.publish(channel, event, data),
    terminateUserConnections: (userId) => realtime.terminateUserConnections(userId),
    // A private channel's authorization names its user (signed `channel_data`), so the embedded server
    // refuses it on a connection signed in as anyone else; external services sign the plain form.
    authorizeChannel: (socketId, channel, identity) => sdk.authorizeChannel(socketId, channel, identity),
    bindsPrivateChannels: true,
    authenticateUser: (socketId, user) => sdk.authenticateUser(socketId, user),
    browserConfig: () => ({
      key,
      wsHost: publicUrl?.hostname ?? null,
      wsPort: publicUrl ? Number(publicUrl.port || (tls ? 443 : 80)) : null,
      forceTLS: tls,
      cluster: 'fieldplan',
    }),
    async close() {
      app.server.off('upgrade', onUpgrade);
      await realtime.close();
    },
  };
}
