import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultTravelSettings, type LatLng, travelLeg } from '@fieldplan/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { batchPairs, defaultRoutingOptions, routingProvider } from '../src/modules/travel/osrm.js';
import { type LegPair, modelProvider } from '../src/modules/travel/provider.js';
import { type OsrmServer, standInLeg, startOsrmServer } from './travel-osrm-server.js';

// The routing service path of the travel provider (`ROUTING_URL`) against a local stand-in
// speaking OSRM's `/table` format: its numbers when it answers, the model's with a notice otherwise.

const mitte = { lat: 52.52, lng: 13.405 };
const kreuzberg = { lat: 52.4986, lng: 13.4033 };
const pankow = { lat: 52.5693, lng: 13.4011 };
const pairs: LegPair[] = [
  [mitte, kreuzberg],
  [kreuzberg, pankow],
  [pankow, mitte],
];
const model = pairs.map(([a, b]) => travelLeg(a, b, defaultTravelSettings));

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('travel provider: routing service', () => {
  let osrm: OsrmServer;
  const options = { ...defaultRoutingOptions, totalTimeoutMs: 500, connectTimeoutMs: 500 };
  const provider = () => routingProvider(`${osrm.origin}/`, defaultTravelSettings, options);

  beforeAll(async () => {
    osrm = await startOsrmServer();
  });
  afterAll(() => osrm.close());
  beforeEach(() => {
    osrm.mode = 'ok';
    osrm.requests = [];
  });

  it("uses the service's durations and distances, asking each place once", async () => {
    const answer = await provider().legs(pairs);
    expect(answer).toEqual({ legs: pairs.map(([a, b]) => standInLeg(a, b)), source: 'routing' });
    expect(osrm.requests).toEqual([[mitte, kreuzberg, pankow]]);
  });

  it('splits many places into requests of at most maxPlaces, every drive answered', async () => {
    const many: LegPair[] = Array.from({ length: 12 }, (_, i) => [
      { lat: 52.5 + i / 100, lng: 13.4 },
      { lat: 52.5, lng: 13.4 + i / 100 },
    ]);
    const answer = await routingProvider(osrm.origin, defaultTravelSettings, { ...options, maxPlaces: 5 }).legs(many);
    expect(answer.source).toBe('routing');
    expect(answer.legs).toEqual(many.map(([a, b]) => standInLeg(a, b)));
    expect(osrm.requests.length).toBeGreaterThan(1);
    for (const request of osrm.requests) expect(request.length).toBeLessThanOrEqual(5);
    expect(batchPairs(many, 5).flatMap((b) => b.pairs)).toEqual(many.map((_, i) => i));
  });

  it('a cell without a route (null) takes the model for that drive alone', async () => {
    osrm.mode = 'null-cell';
    const answer = await provider().legs(pairs);
    expect(answer.source).toBe('routing');
    expect(answer.legs).toEqual([model[0], standInLeg(kreuzberg, pankow), standInLeg(pankow, mitte)]);
  });

  it.each([
    ['garbage', /not JSON/],
    ['wrong-size', /not two 3 × 3 matrices/],
    ['error', /HTTP 500/],
    ['no-route', /HTTP 400/],
    ['slow', /longer than 0\.5 s/],
  ] as const)('falls back to the model with a notice when the service answers %s', async (mode, reason) => {
    osrm.mode = mode;
    const started = Date.now();
    const answer = await provider().legs(pairs);
    console.log(`routing fallback (${mode}) after ${Date.now() - started} ms`);
    expect(answer.source).toBe('model');
    expect(answer.legs).toEqual(model);
    expect(answer.notice).toMatch(/^The routing service could not be used \(/);
    expect(answer.notice).toMatch(reason);
    expect(answer.notice).toMatch(/estimated from straight-line distance/);
  });

  it('falls back to the model with a notice when the service is down', async () => {
    const down = routingProvider(`http://127.0.0.1:${await closedPort()}`, defaultTravelSettings, options);
    const answer = await down.legs(pairs);
    expect(answer).toEqual({
      legs: model,
      source: 'model',
      notice:
        'The routing service could not be used (it refused the connection): drive times are estimated from straight-line distance.',
    });
  });

  it('asks nothing for no drives; the model provider is the shared model', async () => {
    expect(await provider().legs([])).toEqual({ legs: [], source: 'routing' });
    expect(osrm.requests).toEqual([]);
    const settings = { detourFactor: 1.5, speedKmh: 40 };
    const places: LatLng[] = [mitte, pankow];
    expect(await modelProvider(settings).legs([[places[0] as LatLng, places[1] as LatLng]])).toEqual({
      legs: [travelLeg(mitte, pankow, settings)],
      source: 'model',
    });
  });
});
