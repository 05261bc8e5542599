import { Icon } from '../../components/Icon';
import { formatDistance, formatDuration } from '../../lib/format';
import { Message, useIntl } from '../../lib/i18n';
import type { MapRoute } from './types';
import './RoutesLegend.css';

interface RoutesLegendProps {
  routes: readonly MapRoute[];
  title?: string;
  /** Why drive times are straight-line estimates although a routing service is configured. */
  notice?: string | undefined;
}

const distanceOf = (route: MapRoute) => (route.travel ? route.travel.distanceKm * 1000 : route.distanceM);

/**
 * Each technician's route of the day: colour, name, stops, drive time and distance (the server's
 * drives once they arrive; the straight line until then), drives too short flagged, with the total.
 */
export function RoutesLegend({ routes, title: titleGiven, notice }: RoutesLegendProps) {
  const intl = useIntl();
  if (routes.length === 0) return null;
  const title = titleGiven ?? intl.formatMessage({ id: 'map.legend.title' });
  const total = routes.reduce((sum, r) => sum + distanceOf(r), 0);
  const priced = routes.every((r) => r.travel);
  const drive = routes.reduce((sum, r) => sum + (r.travel?.driveMinutes ?? 0), 0);
  return (
    <section className="fm-legend" aria-label={title}>
      <h2 className="fm-legend-title">{title}</h2>
      <ul>
        {routes.map((route) => {
          const short = route.travel?.flagged.length ?? 0;
          return (
            <li key={route.technicianId}>
              <span className="fm-swatch" style={{ background: route.colour }} aria-hidden="true" />
              <span className="fm-legend-name ellipsis">{route.name}</span>
              <span className="fm-legend-figure">{formatDistance(distanceOf(route))}</span>
              <span className="fm-legend-meta">
                <span>
                  {route.travel ? (
                    <Message
                      id="map.legend.stopsAndDrive"
                      values={{ count: route.jobIds.length, drive: formatDuration(route.travel.driveMinutes * 60) }}
                    />
                  ) : (
                    <Message id="map.legend.stops" values={{ count: route.jobIds.length }} />
                  )}
                </span>
                {short > 0 && (
                  <span className="fm-legend-short">
                    <Icon name="alert" size={12} />
                    <Message id="map.legend.tooShort" values={{ count: short }} />
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="fm-legend-total">
        <span>
          <Message id="map.legend.total" />
        </span>
        <span className="fm-legend-figure">
          {priced && <Message id="map.legend.drive" values={{ drive: formatDuration(drive * 60) }} />}
        </span>
        <span className="fm-legend-figure">{formatDistance(total)}</span>
      </p>
      {notice && (
        <p className="fm-legend-notice" role="status">
          <Icon name="info" size={12} /> {notice}
        </p>
      )}
    </section>
  );
}
