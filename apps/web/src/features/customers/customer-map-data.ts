import { type Customer, type Job, type LatLng, type Member, unassignedColour } from '@fieldplan/shared';
import type { MapCustomer, MapJob } from '../map/types';

/** The customer as the map's customers layer draws them, or null without a position on the globe. */
export function customerOnMap(customer: Customer): MapCustomer | null {
  const { id, name, address, lat, lng } = customer;
  const placed = Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  return placed ? { id, name, address, lat, lng } : null;
}

/** The customer's jobs that have a site, as map jobs (coloured by their first technician). */
export function jobsOnMap(jobs: readonly Job[], members: readonly Member[]): MapJob[] {
  const byId = new Map(members.map((m) => [m.id, m]));
  const placed: MapJob[] = [];
  for (const job of jobs) {
    if (job.lat === null || job.lng === null) continue;
    const first = byId.get(job.assigneeIds[0] ?? '');
    placed.push({
      id: job.id,
      jobId: job.id,
      occurrenceKey: null,
      version: job.version,
      title: job.title,
      start: job.start ?? '',
      end: job.end ?? '',
      allDay: job.allDay,
      status: job.status,
      colour: first?.colour ?? unassignedColour,
      assigneeIds: job.assigneeIds,
      technicianNames:
        job.assigneeIds.length > 0
          ? job.assigneeIds.map((id) => byId.get(id)?.name ?? 'Former member')
          : ['Unassigned'],
      customerId: job.customerId,
      customerName: job.customerName,
      address: job.address,
      lat: job.lat,
      lng: job.lng,
      outsideAreas: false,
    });
  }
  return placed;
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
