import L from 'leaflet';
import { useMemo } from 'react';
import { Marker, Tooltip } from 'react-leaflet';
import { t } from '../../lib/i18n';
import { useNow } from '../../lib/use-now';
import { formatAge, staleAfterMs } from './format-age';
import { type LiveTechnician, useLiveTechnicians } from './use-live-technicians';
import './Locations.css';

const safeColour = (colour: string) => (/^#[0-9a-f]{6}$/i.test(colour) ? colour : '#5b6573');

function iconFor(colour: string, stale: boolean): L.DivIcon {
  return L.divIcon({
    className: `live-tech${stale ? ' live-tech-stale' : ''}`,
    html: `<span class="live-tech-dot" style="--live-colour:${safeColour(colour)}"></span>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });
}

function LiveMarker({ tech, now }: { tech: LiveTechnician; now: number }) {
  const ageMs = now - Date.parse(tech.at);
  const stale = ageMs > staleAfterMs;
  const icon = useMemo(() => iconFor(tech.colour, stale), [tech.colour, stale]);
  const age = formatAge(ageMs);
  return (
    <Marker
      position={[tech.lat, tech.lng]}
      icon={icon}
      title={t({ id: 'locations.marker.title' }, { name: tech.name, age })}
      zIndexOffset={1000}
    >
      <Tooltip permanent direction="right" offset={[10, 0]} className="live-tech-label">
        <span className="live-tech-name">{tech.name}</span> <span className="live-tech-age">{age}</span>
      </Tooltip>
    </Marker>
  );
}

/**
 * Technicians' live positions, for inside a react-leaflet map (`<FieldMap>`'s
 * children): a pulsing dot in each one's colour with their name and the age of the fix. Owners and
 * dispatchers see everyone, technicians themselves; it moves as `location` events arrive.
 */
export function LiveTechnicianMarkers({ technicians }: { technicians?: readonly LiveTechnician[] }) {
  const live = useLiveTechnicians();
  const now = useNow(10_000);
  return (
    <>
      {(technicians ?? live).map((tech) => (
        <LiveMarker key={tech.memberId} tech={tech} now={now} />
      ))}
    </>
  );
}
