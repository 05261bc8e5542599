import type { RealtimeAdapter } from './adapters/adapter.js';
import type { LocalHub } from './hub.js';
import type { Logger } from './logger.js';
import type { RealtimeLimits } from './options.js';

/** What the protocol handlers share: the app's credentials, limits, local hub and adapter. */
export interface ServerContext {
  readonly appId: string;
  readonly key: string;
  readonly secret: string;
  readonly limits: RealtimeLimits;
  readonly hub: LocalHub;
  readonly adapter: RealtimeAdapter;
  readonly logger: Logger;
  /** Whether `client-` events are relayed at all (`RealtimeServerOptions.clientEvents`). */
  readonly clientEvents: boolean;
  /** Private and presence channels only for signed-in connections (`RealtimeServerOptions.requireSignIn`). */
  readonly requireSignIn: boolean;
  /** Delivers to this process's subscribers, then to every other process's. */
  broadcast(channel: string, frame: string, exceptSocketId?: string): void;
  /** Closes `userId`'s connections on every process. */
  terminateUser(userId: string): void;
  /** Keeps `close()` waiting until a connection's clean-up (presence leaves) is done. */
  track(work: Promise<unknown>): void;
}
