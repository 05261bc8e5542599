import { lazy, Suspense } from 'react';
import { needMessages } from '../lib/i18n';

// The map screens load on demand: Leaflet, supercluster and geoman stay out of the first bundle;
// each with its parts of the page's language (lazy-screens.tsx).
const MapPage = lazy(() =>
  Promise.all([import('../features/map/MapPage'), needMessages(['map', 'places'])]).then(([m]) => m),
);
const AreasPage = lazy(() =>
  Promise.all([import('../features/areas/AreasPage'), needMessages(['areas', 'map'])]).then(([m]) => m),
);

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
