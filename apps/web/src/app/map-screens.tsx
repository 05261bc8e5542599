import { lazy, Suspense } from 'react';

// The map screens load on demand: Leaflet, supercluster and geoman stay out of the first bundle.
const MapPage = lazy(() => import('../features/map/MapPage'));
const AreasPage = lazy(() => import('../features/areas/AreasPage'));

const fallback = <div className="map-route-loading" aria-busy="true" />;

export const mapScreen = (
  <Suspense fallback={fallback}>
    <MapPage />
  </Suspense>
);

export const areasScreen = (
  <Suspense fallback={fallback}>
    <AreasPage />
  </Suspense>
);
