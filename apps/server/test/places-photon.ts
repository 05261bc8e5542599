// A local stand-in for a Photon geocoder (github.com/komoot/photon, docs/api-v1.md): `GET /api`
// answers a GeoJSON FeatureCollection shaped like photon.komoot.io's, from a few fixed features.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Feature {
  type: 'Feature';
  geometry: { type: 'Point'; coordinates: [number, number] };
  properties: Record<string, string | number | number[]>;
}

const feature = (lng: number, lat: number, properties: Feature['properties']): Feature => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates: [lng, lat] },
  properties,
});

/** What the stand-in knows, each under the lower-case prefixes that find it. */
const features: { match: RegExp; feature: Feature }[] = [
  {
    match: /^torstra(ß|ss)e 50/,
    feature: feature(13.4019, 52.5295, {
      osm_type: 'N',
      osm_id: 2_786_524_321,
      osm_key: 'place',
      osm_value: 'house',
      type: 'house',
      housenumber: '50',
      street: 'Torstraße',
      postcode: '10119',
      district: 'Mitte',
      city: 'Berlin',
      state: 'Berlin',
      country: 'Germany',
      countrycode: 'DE',
    }),
  },
  {
    match: /^berlin/,
    feature: feature(13.3888599, 52.5170365, {
      osm_type: 'R',
      osm_id: 62_422,
      osm_key: 'place',
      osm_value: 'city',
      type: 'city',
      name: 'Berlin',
      state: 'Berlin',
      country: 'Germany',
      countrycode: 'DE',
      extent: [13.088345, 52.6755087, 13.7611609, 52.3382448],
    }),
  },
  {
    match: /^berlin/,
    feature: feature(-71.1853, 44.4687, {
      osm_type: 'R',
      osm_id: 2_136_590,
      osm_key: 'place',
      osm_value: 'city',
      type: 'city',
      name: 'Berlin',
      state: 'New Hampshire',
      country: 'United States',
      countrycode: 'US',
    }),
  },
  {
    match: /^(berlin|sch(ö|o)nhauser)/,
    feature: feature(13.4105, 52.5387, {
      osm_type: 'W',
      osm_id: 4_607_466,
      osm_key: 'highway',
      osm_value: 'primary',
      type: 'street',
      name: 'Schönhauser Allee',
      postcode: '10435',
      district: 'Prenzlauer Berg',
      city: 'Berlin',
      state: 'Berlin',
      country: 'Germany',
      countrycode: 'DE',
    }),
  },
];

export interface PhotonStandIn {
  url: string;
  /** Every request received, in order. */
  requests: { url: URL; userAgent: string }[];
  /** Holds answers until `release()` (to queue searches behind one in flight). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

export async function startPhotonStandIn(): Promise<PhotonStandIn> {
  const requests: PhotonStandIn['requests'] = [];
  let held: (() => void)[] | null = null;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ url, userAgent: req.headers['user-agent'] ?? '' });
    const answer = () => {
      if (url.pathname === '/redirect/api') {
        res.writeHead(302, { location: 'http://127.0.0.1:1/api' }).end();
        return;
      }
      if (url.pathname !== '/api' && url.pathname !== '/big/api') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
        return;
      }
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit') ?? 15);
      const found = features.filter((f) => f.match.test(q)).map((f) => f.feature);
      const padding = url.pathname === '/big/api' ? 'x'.repeat(600 * 1024) : '';
      res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify({ type: 'FeatureCollection', features: found.slice(0, limit), padding }));
    };
    if (held) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    hold: () => {
      held ??= [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (a geocoder that is down). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
