import type { Area, Position } from '@fieldplan/shared';
import { expect } from 'vitest';
import type { Db } from '../src/db/database.js';
import { countRows, type WorkspaceCaller, ws } from './helpers.js';

/** A square over central Berlin, [longitude, latitude]. */
export const squareRing: Position[] = [
  [13.3, 52.45],
  [13.5, 52.45],
  [13.5, 52.58],
  [13.3, 52.58],
  [13.3, 52.45],
];

export const polygonArea = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mitte',
  colour: '#0072B2',
  geometry: { type: 'Polygon', coordinates: [squareRing] },
  ...overrides,
});

export const circleArea = (overrides: Record<string, unknown> = {}) => ({
  name: 'Köpenick',
  colour: '#B8527A',
  geometry: { type: 'Circle', center: { lat: 52.4455, lng: 13.575 }, radiusM: 6000 },
  ...overrides,
});

/** A ring of `n` vertices (5 decimals, so 6,000 of them stay well under the 256 KB body limit). */
export function ringOf(n: number): Position[] {
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = i % 2 ? 0.1 : 0.12;
    ring.push([Math.round((13.4 + r * Math.cos(a)) * 1e5) / 1e5, Math.round((52.5 + r * Math.sin(a)) * 1e5) / 1e5]);
  }
  ring.push(ring[0] as Position);
  return ring;
}

export async function createArea(caller: WorkspaceCaller, body: unknown = polygonArea()): Promise<Area> {
  const res = await caller.client.post(ws(caller.workspaceId, '/areas'), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Area;
}

/** Rows of the areas table and the change log: what "nothing written" compares. */
export async function areaCounts(db: Db) {
  return { areas: await countRows(db, 'service_areas'), changes: await countRows(db, 'changes') };
}
