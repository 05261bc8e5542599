import { type LatLng, type TravelLeg, type TravelSettings, travelLeg } from '@fieldplan/shared';

/** One drive asked for: from → to. */
export type LegPair = readonly [LatLng, LatLng];

/** The drives asked for, in the same order, and where their times came from. */
export interface LegsAnswer {
  legs: TravelLeg[];
  source: 'model' | 'routing';
  /** Set when a routing service is configured but could not be used (the legs are the model's). */
  notice?: string;
}

/** Drive times between points for the server: the default model or a routing service. */
export interface TravelProvider {
  legs(pairs: readonly LegPair[]): Promise<LegsAnswer>;
}

/** The straight-line model: never fails, never waits. */
export function modelProvider(settings: TravelSettings): TravelProvider {
  return {
    legs: async (pairs) => ({ legs: pairs.map(([a, b]) => travelLeg(a, b, settings)), source: 'model' }),
  };
}
