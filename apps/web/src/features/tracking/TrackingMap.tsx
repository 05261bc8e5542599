import 'leaflet/dist/leaflet.css';
import type { TrackingPosition } from '@fieldplan/shared';
import { useEffect } from 'react';
import { Circle, CircleMarker, MapContainer, useMap } from 'react-leaflet';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useIntl } from '../../lib/i18n';
import { BaseLayers, baseLayerOptions } from '../map';

function Follow({ position }: { position: TrackingPosition }) {
  const map = useMap();
  useEffect(() => {
    map.panTo([position.lat, position.lng]);
  }, [map, position.lat, position.lng]);
  return null;
}

/** A small map of the technician's approximate position: a 200 m area, not a point. */
export function TrackingMap({ position, colour }: { position: TrackingPosition; colour: string }) {
  const intl = useIntl();
  const { data: config } = useGetConfigQuery();
  const [option] = baseLayerOptions(undefined, config?.maps);
  const centre: [number, number] = [position.lat, position.lng];
  return (
    <section
      className="track-map"
      aria-label={intl.formatMessage({ id: 'tracking.map.label' })}
      data-lat={position.lat}
      data-lng={position.lng}
    >
      <MapContainer center={centre} zoom={14} scrollWheelZoom={false} attributionControl zoomControl={false}>
        {option && <BaseLayers option={option} onFallback={() => undefined} labels={false} />}
        <Circle center={centre} radius={140} pathOptions={{ color: colour, fillColor: colour, fillOpacity: 0.18 }} />
        <CircleMarker
          center={centre}
          radius={8}
          pathOptions={{ color: '#ffffff', weight: 3, fillColor: colour, fillOpacity: 1 }}
        />
        <Follow position={position} />
      </MapContainer>
    </section>
  );
}
