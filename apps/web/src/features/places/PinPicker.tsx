import type { LatLng, Workspace } from '@fieldplan/shared';
import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { Button } from '../../components/Button';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import type { BaseLayerOption } from '../map';
import { baseLayerOptions, defaultPinIcon, FieldMap } from '../map';
import './Places.css';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

const same = (a: LatLng | null, b: LatLng) => a !== null && a.lat === b.lat && a.lng === b.lng;

/**
 * The draggable pin; a click on the map moves it there. A position from outside (a chosen place,
 * typed coordinates) brings the map to it at street level; the pin's own moves only keep it in view.
 */
function DraggablePin({
  value,
  place,
  onChange,
}: {
  value: LatLng | null;
  place: string;
  onChange: (p: LatLng) => void;
}) {
  const map = useMap();
  const marker = useRef<L.Marker | null>(null);
  const own = useRef<LatLng | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const change = useRef((p: LatLng) => {
    own.current = p;
    latest.current(p);
  });
  useMapEvents({ click: (e) => change.current({ lat: round6(e.latlng.lat), lng: round6(e.latlng.lng) }) });

  useEffect(() => {
    const pin = L.marker([0, 0], {
      icon: defaultPinIcon,
      draggable: true,
      autoPan: true,
      title: 'Site position',
      alt: 'Site position',
    });
    pin.on('dragend', () => {
      const p = pin.getLatLng();
      change.current({ lat: round6(p.lat), lng: round6(p.lng) });
    });
    marker.current = pin;
    return () => {
      pin.remove();
      marker.current = null;
    };
  }, []);

  useEffect(() => {
    const pin = marker.current;
    if (!pin) return;
    if (!value) {
      pin.remove();
      return;
    }
    pin.setLatLng([value.lat, value.lng]);
    if (!map.hasLayer(pin)) pin.addTo(map);
    if (!same(own.current, value)) map.setView([value.lat, value.lng], Math.max(map.getZoom(), 15), { animate: false });
    else if (!map.getBounds().pad(-0.1).contains([value.lat, value.lng])) map.panTo([value.lat, value.lng]);
  }, [map, value]);

  // The place's name on hover (as text).
  useEffect(() => {
    const pin = marker.current;
    if (!pin) return;
    pin.unbindTooltip();
    if (!place) return;
    const text = document.createElement('span');
    text.textContent = place;
    pin.bindTooltip(text, { direction: 'top' });
  }, [place]);
  return null;
}

/** For keyboard users: puts the pin where the map is centred (arrow keys pan the map). */
function CentreButton({ onChange }: { onChange: (p: LatLng) => void }) {
  const map = useMap();
  return (
    <div className="leaflet-top leaflet-right">
      <div className="leaflet-control">
        <Button
          size="sm"
          onClick={() => {
            const c = map.getCenter();
            onChange({ lat: round6(c.lat), lng: round6(c.lng) });
          }}
        >
          Pin the map centre
        </Button>
      </div>
    </div>
  );
}

interface PinPickerProps {
  workspaceId: string;
  /** The site's position; null: no pin yet. */
  value: LatLng | null;
  onChange: (position: LatLng) => void;
  label?: string;
  /** The chosen place's address, shown on the pin. */
  place?: string;
  /** Map height in px (default 220). */
  height?: number;
}

/** A small map to set exact coordinates: drop the pin with a click, or drag it. */
export function PinPicker({
  workspaceId,
  value,
  onChange,
  label = 'Position on the map',
  place = '',
  height = 220,
}: PinPickerProps) {
  const settings = useGetWorkspaceQuery(workspaceId);
  const config = useGetConfigQuery();
  const bases = useMemo(() => baseLayerOptions(settings.data?.map, config.data?.maps), [settings.data, config.data]);
  return (
    <div className="pin-picker" style={{ ['--pin-height' as string]: `${height}px` }}>
      {settings.data ? (
        <PinMap settings={settings.data} bases={bases} label={label} place={place} value={value} onChange={onChange} />
      ) : (
        <div className="pin-picker-map" aria-busy="true" />
      )}
      <p className="pin-picker-bar">
        <span>Click the map to drop the pin, or drag it.</span>
        <span className="pin-picker-coords">
          {value ? `${value.lat.toFixed(5)}, ${value.lng.toFixed(5)}` : 'No position yet'}
        </span>
      </p>
    </div>
  );
}

function PinMap({
  settings,
  bases,
  label,
  place,
  value,
  onChange,
}: {
  settings: Workspace;
  bases: BaseLayerOption[];
  label: string;
  place: string;
  value: LatLng | null;
  onChange: (p: LatLng) => void;
}) {
  // The map starts at the pin (or the workspace's view) once; later positions move the pin.
  const [start] = useState(() =>
    value ? { center: value, zoom: 15 } : { center: settings.map.center, zoom: settings.map.zoom },
  );
  return (
    <FieldMap
      className="pin-picker-map"
      label={label}
      zone={settings.timeZone}
      defaultView={start}
      baseLayers={bases}
      layerControl={false}
    >
      <DraggablePin value={value} place={place} onChange={onChange} />
      <CentreButton onChange={onChange} />
    </FieldMap>
  );
}
