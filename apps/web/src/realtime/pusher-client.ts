import type { RealtimeConfig } from '@fieldplan/shared';
import Pusher from 'pusher-js';

/** Where the app's own endpoints sign channel subscriptions and the user sign-in (form-encoded). */
export const authEndpoints = { channels: '/api/realtime/auth', user: '/api/realtime/user-auth' } as const;

/**
 * pusher-js configured from `GET /api/v1/config`: the embedded server on this page's origin (no
 * host in the config) or the external service it names. Connects at once; `signin()` follows.
 */
export function createPusher(
  config: RealtimeConfig,
  location: Pick<Location, 'hostname' | 'port' | 'protocol'>,
): Pusher {
  const pageTls = location.protocol === 'https:';
  const tls = config.wsHost === null ? pageTls : config.forceTLS;
  const port = config.wsPort ?? Number(location.port || (pageTls ? 443 : 80));
  return new Pusher(config.key, {
    cluster: config.cluster,
    wsHost: config.wsHost ?? location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    disableStats: true,
    // When the browser goes offline pusher-js checks the connection with a ping: know within 10 s, not 30.
    pongTimeout: 10_000,
    channelAuthorization: { endpoint: authEndpoints.channels, transport: 'ajax' },
    userAuthentication: { endpoint: authEndpoints.user, transport: 'ajax' },
  });
}
