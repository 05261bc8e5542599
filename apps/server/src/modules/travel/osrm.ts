import http from 'node:http';
import https from 'node:https';
import { type LatLng, type TravelSettings, travelLeg } from '@fieldplan/shared';
import { connectDeadline } from '../../lib/connect-deadline.js';
import type { LegPair, LegsAnswer, TravelProvider } from './provider.js';

/**
 * An OSRM-compatible `/table` service (`ROUTING_URL`): for each batch of places,
 * `GET {base}/table/v1/driving/{lng,lat;…}?annotations=duration,distance` answers the `durations`
 * (s) and `distances` (m) matrices. A service that is down, slow or answers anything else makes the
 * whole answer the model's, with a notice saying why; a `null` cell (no route between two places)
 * takes the model's estimate for that drive alone.
 */
export interface RoutingOptions {
  connectTimeoutMs: number;
  /** For the whole answer, all batches together. */
  totalTimeoutMs: number;
  /** Places per request: OSRM's default `--max-table-size` is 100. */
  maxPlaces: number;
  maxBytes: number;
}

export const defaultRoutingOptions: RoutingOptions = {
  connectTimeoutMs: 2_000,
  totalTimeoutMs: 2_000,
  maxPlaces: 100,
  maxBytes: 4 * 1024 * 1024,
};

/** Requests at a time. */
const parallel = 4;

export class RoutingError extends Error {}

const keyOf = (p: LatLng) => `${p.lng.toFixed(6)},${p.lat.toFixed(6)}`;

/** Groups the pairs so that no group holds more than `max` distinct places (a pair's two always together). */
export function batchPairs(pairs: readonly LegPair[], max: number): { places: string[]; pairs: number[] }[] {
  const batches: { places: string[]; index: Set<string>; pairs: number[] }[] = [];
  let current = { places: [] as string[], index: new Set<string>(), pairs: [] as number[] };
  for (const [i, [a, b]] of pairs.entries()) {
    const keys = [...new Set([keyOf(a), keyOf(b)])];
    const extra = keys.filter((k) => !current.index.has(k)).length;
    if (current.pairs.length > 0 && current.places.length + extra > max) {
      batches.push(current);
      current = { places: [], index: new Set(), pairs: [] };
    }
    for (const k of keys) {
      if (!current.index.has(k)) {
        current.index.add(k);
        current.places.push(k);
      }
    }
    current.pairs.push(i);
  }
  if (current.pairs.length > 0) batches.push(current);
  return batches.map((b) => ({ places: b.places, pairs: b.pairs }));
}

function get(url: URL, options: RoutingOptions, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const req = mod.request(url, { method: 'GET', headers: { accept: 'application/json' }, signal });
    const stopConnectClock = connectDeadline(
      req,
      options.connectTimeoutMs,
      () => new RoutingError(`no connection within ${options.connectTimeoutMs / 1000} s`),
    );
    req.on('error', (err) => {
      stopConnectClock();
      reject(err);
    });
    req.on('response', (res) => {
      stopConnectClock();
      if (res.statusCode !== 200) {
        res.resume();
        reject(new RoutingError(`it answered HTTP ${res.statusCode}`));
        return;
      }
      const chunks: Buffer[] = [];
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > options.maxBytes) res.destroy(new RoutingError('its answer was too large'));
        else chunks.push(chunk);
      });
      res.on('error', reject);
      res.on('end', () => resolve(Buffer.concat(chunks)));
    });
    req.end();
  });
}

type Matrix = (number | null)[][];

const isMatrix = (value: unknown, n: number): value is Matrix =>
  Array.isArray(value) &&
  value.length === n &&
  value.every(
    (row) =>
      Array.isArray(row) &&
      row.length === n &&
      row.every((cell) => cell === null || (typeof cell === 'number' && Number.isFinite(cell) && cell >= 0)),
  );

/** The two matrices of an OSRM `/table` answer for `n` places, or a RoutingError saying what is wrong. */
export function parseTable(body: Buffer, n: number): { durations: Matrix; distances: Matrix } {
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    throw new RoutingError('its answer was not JSON');
  }
  const answer = json as { code?: unknown; durations?: unknown; distances?: unknown };
  if (typeof answer !== 'object' || answer === null) throw new RoutingError('its answer was not a table');
  if (answer.code !== 'Ok') throw new RoutingError(`it answered ${String(answer.code ?? 'no code').slice(0, 40)}`);
  if (!isMatrix(answer.durations, n) || !isMatrix(answer.distances, n)) {
    throw new RoutingError(`its answer was not two ${n} × ${n} matrices of durations and distances`);
  }
  return { durations: answer.durations, distances: answer.distances };
}

function reasonOf(err: unknown, options: RoutingOptions, signal: AbortSignal): string {
  if (err instanceof RoutingError) return err.message;
  if (signal.aborted) return `it took longer than ${options.totalTimeoutMs / 1000} s`;
  const code = (err as { code?: string }).code;
  if (code === 'ECONNREFUSED') return 'it refused the connection';
  if (code === 'ECONNRESET') return 'the connection was reset';
  return `the connection failed (${code ?? 'unknown error'})`;
}

export function routingProvider(
  base: string,
  settings: TravelSettings,
  options: RoutingOptions = defaultRoutingOptions,
): TravelProvider {
  const root = base.replace(/\/+$/, '');
  const model = (pairs: readonly LegPair[]) => pairs.map(([a, b]) => travelLeg(a, b, settings));
  return {
    async legs(pairs): Promise<LegsAnswer> {
      if (pairs.length === 0) return { legs: [], source: 'routing' };
      const legs = model(pairs);
      const signal = AbortSignal.timeout(options.totalTimeoutMs);
      const batches = batchPairs(pairs, options.maxPlaces);
      try {
        for (let i = 0; i < batches.length; i += parallel) {
          await Promise.all(
            batches.slice(i, i + parallel).map(async (batch) => {
              const url = new URL(`${root}/table/v1/driving/${batch.places.join(';')}`);
              url.searchParams.set('annotations', 'duration,distance');
              const table = parseTable(await get(url, options, signal), batch.places.length);
              const index = new Map(batch.places.map((k, j) => [k, j]));
              for (const p of batch.pairs) {
                const [a, b] = pairs[p] as LegPair;
                const from = index.get(keyOf(a)) ?? 0;
                const to = index.get(keyOf(b)) ?? 0;
                const durationS = table.durations[from]?.[to];
                const distanceM = table.distances[from]?.[to];
                // null: no route between them; the model's estimate stands for that drive.
                if (durationS != null && distanceM != null) legs[p] = { durationS, distanceM };
              }
            }),
          );
        }
        return { legs, source: 'routing' };
      } catch (err) {
        const reason = reasonOf(err, options, signal);
        return {
          legs: model(pairs),
          source: 'model',
          notice: `The routing service could not be used (${reason}): drive times are estimated from straight-line distance.`,
        };
      }
    },
  };
}
