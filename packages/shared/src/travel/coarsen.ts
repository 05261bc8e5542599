import { earthRadiusM } from '../geo/distance.js';
import type { LatLng } from '../geo/types.js';

/** The tracking page's grid: a position is shown to a customer only as the centre of its cell. */
export const coarseCellM = 200;

const cellDeg = (coarseCellM / (2 * Math.PI * earthRadiusM)) * 360;

/**
 * Snaps a position to the centre of its ≈ 200 m cell: a fixed grid, not noise, so repeated
 * pings at one spot can't be averaged back to the true point. Latitude rows are 200 m high; each row's
 * cells are 200 m wide at that row's centre latitude, so cells stay ≈ 200 m square away from the equator.
 */
export function coarsenPosition(position: LatLng, cellM = coarseCellM): LatLng {
  const dLat = (cellM / coarseCellM) * cellDeg;
  const row = Math.floor((position.lat + 90) / dLat);
  const lat = Math.min(90, -90 + (row + 0.5) * dLat);
  // Near the poles a row's width collapses; cap the cell at 10° of longitude there.
  const dLng = Math.min(10, dLat / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6));
  const col = Math.floor((position.lng + 180) / dLng);
  const lng = -180 + (col + 0.5) * dLng;
  return { lat: round6(lat), lng: round6(lng > 180 ? lng - 360 : lng) };
}

const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
