import type { AreaGeometry, DayRoute, JobStatus, LatLng } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';

/** A job site on the map: one job, or one occurrence of a recurring job. */
export interface MapJob {
  /** Unique on the map: the calendar event id (`jobId` or `jobId:occurrence`). */
  id: string;
  jobId: string;
  /** The occurrence's original start for a recurring job (status changes need it), else null. */
  occurrenceKey: string | null;
  version: number;
  title: string;
  /** ISO instants, or dates when all-day. */
  start: string;
  end: string;
  allDay: boolean;
  status: JobStatus;
  /** The first technician's colour (grey when unassigned). */
  colour: string;
  assigneeIds: string[];
  /** Technicians' names, in order ("Unassigned" when none). */
  technicianNames: string[];
  customerId: string | null;
  customerName: string | null;
  address: string;
  lat: number;
  lng: number;
  /** The site lies outside every service area (only when the workspace has areas). */
  outsideAreas: boolean;
}

export interface MapCustomer {
  id: string;
  name: string;
  address: string;
  lat: number;
  lng: number;
}

export interface MapHomeBase extends LatLng {
  memberId: string;
  name: string;
  colour: string;
}

export interface MapArea {
  id: string;
  name: string;
  colour: string;
  geometry: AreaGeometry;
}

/** A drive of a route too short for the time between its two visits: drawn flagged. */
export interface FlaggedDrive {
  from: LatLng;
  to: LatLng;
  gapMinutes: number;
  driveMinutes: number;
}

/** A route's drives as the server priced them (the travel model or the routing service). */
export interface RouteTravel {
  driveMinutes: number;
  distanceKm: number;
  flagged: FlaggedDrive[];
}

/** A technician's route of the day, with the name the legend shows. */
export interface MapRoute extends DayRoute {
  name: string;
  /** The day's drives from `GET …/travel-legs`; absent until they arrive. */
  travel?: RouteTravel;
}

export interface MapView {
  center: LatLng;
  zoom: number;
}

export const overlayKeys = ['jobs', 'customers', 'homeBases', 'areas', 'routes'] as const;
export type OverlayKey = (typeof overlayKeys)[number];
export type LayerVisibility = Record<OverlayKey, boolean>;

export const overlayLabels: Record<OverlayKey, MessageDescriptor> = defineMessages({
  jobs: { id: 'map.overlay.jobs' },
  customers: { id: 'map.overlay.customers' },
  homeBases: { id: 'map.overlay.homeBases' },
  areas: { id: 'map.overlay.areas' },
  routes: { id: 'map.overlay.routes' },
});

export const defaultLayers: LayerVisibility = {
  jobs: true,
  customers: false,
  homeBases: true,
  areas: true,
  routes: true,
};

/** A base map the layer control offers: a tile layer, or the built-in offline map. */
export interface BaseLayerOption {
  id: string;
  label: string;
  /** `{z}/{x}/{y}` template; null for the offline map. */
  url: string | null;
  attribution: string;
}

export const offlineBaseLayerId = 'offline';
