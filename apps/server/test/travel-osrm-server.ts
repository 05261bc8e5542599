import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { haversineM, type LatLng } from '@fieldplan/shared';

// A stand-in for an OSRM routing server's `/table` API: a real HTTP server on 127.0.0.1
// answering `GET /table/v1/driving/{lng,lat;…}?annotations=duration,distance` in OSRM's own format.
// Its roads are straight lines × 1.2 driven at 10 m/s, so a test can tell its numbers from the model's.

export type OsrmMode = 'ok' | 'garbage' | 'wrong-size' | 'slow' | 'error' | 'no-route' | 'null-cell';

export interface OsrmServer {
  origin: string;
  mode: OsrmMode;
  /** Milliseconds a 'slow' answer waits. */
  delayMs: number;
  /** The coordinates of each request received. */
  requests: LatLng[][];
  close(): Promise<void>;
}

/** What the stand-in answers for one drive. */
export function standInLeg(a: LatLng, b: LatLng) {
  const m = haversineM(a, b);
  return { durationS: Math.round(((m * 1.2) / 10) * 10) / 10, distanceM: Math.round(m * 1.2 * 10) / 10 };
}

function parsePlaces(pathname: string): LatLng[] | null {
  const match = /^\/table\/v1\/driving\/([^/]+)$/.exec(pathname);
  if (!match?.[1]) return null;
  const places = decodeURIComponent(match[1])
    .split(';')
    .map((pair) => pair.split(',').map(Number));
  if (places.some((p) => p.length !== 2 || p.some((n) => !Number.isFinite(n)))) return null;
  return places.map(([lng, lat]) => ({ lat: lat as number, lng: lng as number }));
}

function table(places: LatLng[]) {
  const legs = places.map((a) => places.map((b) => standInLeg(a, b)));
  const waypoint = (p: LatLng) => ({
    hint: 'stand-in',
    distance: 0,
    name: 'Stand-in Straße',
    location: [p.lng, p.lat],
  });
  return {
    code: 'Ok',
    durations: legs.map((row) => row.map((l) => l.durationS)),
    distances: legs.map((row) => row.map((l) => l.distanceM)),
    sources: places.map(waypoint),
    destinations: places.map(waypoint),
  };
}

export async function startOsrmServer(): Promise<OsrmServer> {
  const sockets = new Set<import('node:net').Socket>();
  const state: OsrmServer = {
    origin: '',
    mode: 'ok',
    delayMs: 1_500,
    requests: [],
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const places = parsePlaces(url.pathname);
    if (!places || url.searchParams.get('annotations') !== 'duration,distance') {
      json(res, 400, { code: 'InvalidUrl', message: 'URL string malformed close to position 1' });
      return;
    }
    state.requests.push(places);
    const answer = table(places);
    switch (state.mode) {
      case 'ok':
        return json(res, 200, answer);
      case 'garbage':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>');
      case 'wrong-size':
        return json(res, 200, { ...answer, durations: answer.durations.slice(1) });
      case 'slow':
        setTimeout(() => json(res, 200, answer), state.delayMs);
        return;
      case 'error':
        return json(res, 500, { code: 'InternalError', message: 'out of memory' });
      case 'no-route':
        return json(res, 400, { code: 'NoTable', message: 'No table found' });
      case 'null-cell':
        answer.durations[0]?.splice(1, 1, null as unknown as number);
        answer.distances[0]?.splice(1, 1, null as unknown as number);
        return json(res, 200, answer);
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
