import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeCredentials } from './credentials.js';
import { pusherSdk, type RealtimePublisher } from './publisher.js';

/**
 * PUSHER_* set: publish through the official `pusher` SDK (the Pusher HTTP API) to Pusher Channels,
 * soketi, sockudo, Reverb or a standalone `packages/realtime`; no WebSocket server in this process.
 */
export function createExternalPublisher(credentials: RealtimeCredentials, log: FastifyBaseLogger): RealtimePublisher {
  const external = credentials.external;
  if (!external) throw new Error('realtime: no external service configured');
  const sdk = pusherSdk(credentials);
  log.info({ host: external.host, port: external.port, tls: external.useTLS }, 'realtime: external service');
  return {
    mode: 'external',
    async publish(channel, event, data) {
      await sdk.trigger(channel, event, data);
    },
    async terminateUserConnections(userId) {
      await sdk.terminateUserConnections(userId);
    },
    authorizeChannel: (socketId, channel, presence) => sdk.authorizeChannel(socketId, channel, presence),
    bindsPrivateChannels: false,
    authenticateUser: (socketId, user) => sdk.authenticateUser(socketId, user),
    browserConfig: () => ({
      key: credentials.key,
      wsHost: external.wsHost,
      wsPort: external.port,
      forceTLS: external.useTLS,
      cluster: external.cluster,
    }),
    close: async () => undefined,
  };
}
