import type { LocalHub } from './hub.js';
import type { RealtimeLimits } from './options.js';
import { CloseCode } from './protocol/codes.js';
import { frames } from './protocol/messages.js';

/**
 * One timer for every connection (not one per socket): pings a client silent for the activity timeout,
 * closes it with 4201 when nothing comes back within the pong timeout. Returns a stop function.
 */
export function startHeartbeat(hub: LocalHub, limits: RealtimeLimits): () => void {
  const activityMs = limits.activityTimeoutSeconds * 1000;
  const pongMs = limits.pongTimeoutSeconds * 1000;
  // Sweeping four times per shortest timeout bounds the lateness to a quarter of it.
  const every = Math.min(5000, Math.max(25, Math.min(activityMs, pongMs) / 4));
  const timer = setInterval(() => {
    const now = Date.now();
    for (const conn of hub.connections.values()) {
      if (conn.pingSentAt !== 0) {
        if (now - conn.pingSentAt >= pongMs) conn.close(CloseCode.PongTimeout, 'Pong reply not received');
      } else if (now - conn.lastActivity >= activityMs) {
        conn.pingSentAt = now;
        conn.send(frames.ping());
      }
    }
  }, every);
  timer.unref();
  return () => clearInterval(timer);
}
