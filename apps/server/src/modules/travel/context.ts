import type { Config } from '../../config.js';
import { routingProvider } from './osrm.js';
import { modelProvider, type TravelProvider } from './provider.js';

/** The server's drive times: the routing service when `ROUTING_URL` is set, else the model. */
export function travelProviderOf(config: Config): TravelProvider {
  const settings = { detourFactor: config.TRAVEL_DETOUR_FACTOR, speedKmh: config.TRAVEL_SPEED_KMH };
  return config.ROUTING_URL ? routingProvider(config.ROUTING_URL, settings) : modelProvider(settings);
}
