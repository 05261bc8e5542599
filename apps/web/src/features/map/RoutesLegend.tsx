import { formatDistance } from '@fieldplan/shared';
import type { MapRoute } from './types';
import './RoutesLegend.css';

interface RoutesLegendProps {
  routes: readonly MapRoute[];
  /** Technicians whose colour the map uses but who have no route today. */
  title?: string;
}

/** Each technician's route of the day: colour, name, stops and distance, with the total. */
export function RoutesLegend({ routes, title = 'Routes of the day' }: RoutesLegendProps) {
  if (routes.length === 0) return null;
  const total = routes.reduce((sum, r) => sum + r.distanceM, 0);
  return (
    <section className="fm-legend" aria-label={title}>
      <h2 className="fm-legend-title">{title}</h2>
      <ul>
        {routes.map((route) => (
          <li key={route.technicianId}>
            <span className="fm-swatch" style={{ background: route.colour }} aria-hidden="true" />
            <span className="fm-legend-name">{route.name}</span>
            <span className="fm-legend-figure">
              {route.jobIds.length} {route.jobIds.length === 1 ? 'stop' : 'stops'}
            </span>
            <span className="fm-legend-figure">{formatDistance(route.distanceM)}</span>
          </li>
        ))}
      </ul>
      <p className="fm-legend-total">
        <span>Total</span>
        <span className="fm-legend-figure">{formatDistance(total)}</span>
      </p>
    </section>
  );
}
