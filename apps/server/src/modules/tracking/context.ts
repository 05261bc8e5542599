import type { TravelSettings } from '@fieldplan/shared';
import type { Deps } from '../../deps.js';
import { installSecret } from '../../realtime/credentials.js';
import { sealingKey } from './tokens.js';

/** What the tracking module needs besides the database: the sealing key and the travel model. */
export interface TrackingContext {
  key: Buffer;
  travel: TravelSettings;
}

const contexts = new WeakMap<Deps, Promise<TrackingContext>>();

/**
 * The app's tracking context, made once per app. Await it before opening a transaction: on SQLite a
 * query on the root connection inside one would wait for itself.
 */
export function trackingContext(deps: Deps): Promise<TrackingContext> {
  let context = contexts.get(deps);
  if (!context) {
    context = (async () => {
      const secret = deps.config.SESSION_SECRET ?? (await installSecret(deps.db, 'tracking'));
      const travel = { detourFactor: deps.config.TRAVEL_DETOUR_FACTOR, speedKmh: deps.config.TRAVEL_SPEED_KMH };
      return { key: sealingKey(secret), travel };
    })();
    contexts.set(deps, context);
  }
  return context;
}
