// The page bench/map-render.bench.ts drives: `?impl=ours|peer|dom&n=10000` draws n job sites around
// Berlin with our FieldMap, with the peer (bare Leaflet + supercluster as canvas circle markers), or
// as plain DOM markers; `window.__bench` records when they were first drawn.
import '../../apps/web/src/styles/tokens.css';
import '../../apps/web/src/styles/base.css';
import 'leaflet/dist/leaflet.css';
import { type JobStatus, memberPalette } from '@fieldplan/shared';
import L from 'leaflet';
import { createRoot } from 'react-dom/client';
import Supercluster from 'supercluster';
import { seededRandom } from '../../apps/server/src/lib/seeded-random';
import { clusterOptions } from '../../apps/web/src/features/map/cluster-core';
import { FieldMap } from '../../apps/web/src/features/map/FieldMap';
import type { MapJob } from '../../apps/web/src/features/map/types';

const params = new URLSearchParams(location.search);
const impl = params.get('impl') ?? 'ours';
const n = Number(params.get('n') ?? 10_000);
const state = { start: 0, drawn: 0 };
(window as unknown as { __bench: typeof state }).__bench = state;

// Deterministic sites over Berlin and Brandenburg.
const random = seededRandom(42).next;
const statuses: JobStatus[] = ['scheduled', 'en_route', 'in_progress', 'completed'];
const sites = Array.from({ length: n }, (_, i) => ({
  i,
  lat: 52.2 + random() * 0.65,
  lng: 12.9 + random() * 1.1,
  colour: memberPalette[i % memberPalette.length] ?? '#0072B2',
  status: statuses[i % statuses.length] ?? 'scheduled',
}));

const tiles = { id: 'bench', label: 'Bench tiles', url: `${location.origin}/tiles/{z}/{x}/{y}.png`, attribution: '' };
const centre: [number, number] = [52.52, 13.405];
const root = document.getElementById('root') as HTMLElement;

/** The first frame after the sites were drawn. */
function drawn() {
  if (state.drawn) return;
  requestAnimationFrame(() => {
    state.drawn ||= performance.now();
  });
}

if (impl === 'ours') {
  const jobs: MapJob[] = sites.map((s) => ({
    id: `j${s.i}`,
    jobId: `j${s.i}`,
    occurrenceKey: null,
    version: 1,
    title: `Job ${s.i}`,
    start: '2026-06-01T08:00:00Z',
    end: '2026-06-01T09:00:00Z',
    allDay: false,
    status: s.status,
    colour: s.colour,
    assigneeIds: [],
    technicianNames: ['Bench'],
    customerId: null,
    customerName: null,
    address: '',
    lat: s.lat,
    lng: s.lng,
    outsideAreas: false,
  }));
  document.addEventListener('fieldmap:drawn', drawn);
  state.start = performance.now();
  createRoot(root).render(
    <FieldMap
      zone="Europe/Berlin"
      jobs={jobs}
      defaultView={{ center: { lat: centre[0], lng: centre[1] }, zoom: 10 }}
      baseLayers={[tiles]}
      layerControl={false}
    />,
  );
} else {
  state.start = performance.now();
  root.style.height = '100vh';
  const map = L.map(root, { preferCanvas: true }).setView(centre, 10);
  L.tileLayer(tiles.url, { maxZoom: 19 }).addTo(map);
  if (impl === 'dom') {
    // Plain DOM markers: what a naive map does.
    for (const s of sites)
      L.marker([s.lat, s.lng], { icon: L.divIcon({ className: 'bench-dot', iconSize: [12, 12] }) }).addTo(map);
    drawn();
  } else {
    // The peer: supercluster on the main thread, clusters and points as canvas circle markers.
    const renderer = L.canvas();
    const index = new Supercluster({ ...clusterOptions }).load(
      sites.map((s) => ({
        type: 'Feature' as const,
        properties: { i: s.i },
        geometry: { type: 'Point' as const, coordinates: [s.lng, s.lat] },
      })),
    );
    const group = L.layerGroup().addTo(map);
    const draw = () => {
      const b = map.getBounds().pad(0.25);
      group.clearLayers();
      for (const f of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], map.getZoom())) {
        const [lng = 0, lat = 0] = f.geometry.coordinates;
        const count = (f.properties as { point_count?: number }).point_count;
        L.circleMarker([lat, lng], {
          renderer,
          radius: count ? 12 + 4 * Math.log10(count) : 8,
          color: '#ffffff',
          weight: 2,
          fillColor: count ? '#334155' : (sites[(f.properties as { i: number }).i]?.colour ?? '#0072B2'),
          fillOpacity: 1,
        }).addTo(group);
      }
    };
    map.on('moveend', draw);
    draw();
    drawn();
  }
}
