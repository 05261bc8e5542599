import type { Customer, LatLng } from '@fieldplan/shared';
import type { MapCustomer } from '../map';

/** The customer as the map's customers layer draws them, or null without a position on the globe. */
export function customerOnMap(customer: Customer): MapCustomer | null {
  const { id, name, address, lat, lng } = customer;
  const placed = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return placed ? { id, name, address, lat, lng } : null;
}

/**
 * A box centred on `at` that holds every point: each point and its mirror image through `at`
 * (so fitting it keeps the customer in the middle of the map).
 */
export function boxAround(at: LatLng, points: readonly LatLng[]): [LatLng, LatLng] {
  let dLat = 0;
  let dLng = 0;
  for (const p of points) {
    dLat = Math.max(dLat, Math.abs(p.lat - at.lat));
    dLng = Math.max(dLng, Math.abs(p.lng - at.lng));
  }
  const clampLat = (v: number) => Math.max(-85, Math.min(85, v));
  return [
    { lat: clampLat(at.lat - dLat), lng: at.lng - dLng },
    { lat: clampLat(at.lat + dLat), lng: at.lng + dLng },
  ];
}
