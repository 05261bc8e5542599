import type { LatLng, Workspace } from '@fieldplan/shared';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { Button } from '../../components/Button';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { Message, useIntl } from '../../lib/i18n';
import type { BaseLayerOption } from '../map';
import { baseLayerOptions, defaultPinIcon, FieldMap } from '../map';
import './Places.css';

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

const same = (a: LatLng | null, b: LatLng) => a !== null && a.lat === b.lat && a.lng === b.lng;

/** Screen directions of the arrow keys (x right, y down). */
const arrowSteps: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The draggable pin; a click on the map moves it there. A position from outside (a chosen place)
 * brings the map to it at `zoom` (a street up close, a city from afar); the pin's own moves
 * (`move`, which records them in `own`) only keep it in view.
 */
function DraggablePin({
  value,
  place,
  label,
  zoom,
  own,
  move,
  onConfirm,
}: {
  value: LatLng | null;
  place: string;
  label: string;
  zoom: number;
  own: { current: LatLng | null };
  move: (p: LatLng) => void;
  onConfirm: (() => void) | undefined;
}) {
  const map = useMap();
  const marker = useRef<L.Marker | null>(null);
  const confirm = useRef(onConfirm);
  confirm.current = onConfirm;
  useMapEvents({ click: (e) => move({ lat: round6(e.latlng.lat), lng: round6(e.latlng.lng) }) });

  useEffect(() => {
    const pin = L.marker([0, 0], {
      icon: defaultPinIcon,
      draggable: true,
      autoPan: true,
      title: label,
      alt: label,
    });
    pin.on('dragend', () => {
      const p = pin.getLatLng();
      move({ lat: round6(p.lat), lng: round6(p.lng) });
    });
    // The keyboard's way to drag: arrow keys move the focused pin (Shift: further), Enter confirms.
    const onKey = (event: KeyboardEvent) => {
      const step = arrowSteps[event.key];
      if (event.key === 'Enter' && confirm.current) {
        event.preventDefault();
        event.stopPropagation();
        confirm.current();
        return;
      }
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      const by = event.shiftKey ? 40 : 8;
      const at = map.latLngToContainerPoint(pin.getLatLng()).add([step[0] * by, step[1] * by]);
      const next = map.containerPointToLatLng(at);
      move({ lat: round6(next.lat), lng: round6(L.Util.wrapNum(next.lng, [-180, 180], true)) });
    };
    pin.on('add', () => pin.getElement()?.addEventListener('keydown', onKey));
    pin.on('remove', () => pin.getElement()?.removeEventListener('keydown', onKey));
    marker.current = pin;
    return () => {
      pin.remove();
      marker.current = null;
    };
  }, [map, label, move]);

  useEffect(() => {
    const pin = marker.current;
    if (!pin) return;
    if (!value) {
      pin.remove();
      return;
    }
    pin.setLatLng([value.lat, value.lng]);
    if (!map.hasLayer(pin)) pin.addTo(map);
    if (!same(own.current, value)) map.setView([value.lat, value.lng], zoom, { animate: false });
    else if (!map.getBounds().pad(-0.1).contains([value.lat, value.lng])) map.panTo([value.lat, value.lng]);
  }, [map, value, zoom, own]);

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
function CentreButton({ move }: { move: (p: LatLng) => void }) {
  const map = useMap();
  return (
    <div className="leaflet-top leaflet-right">
      <div className="leaflet-control">
        <Button
          size="sm"
          onClick={() => {
            const c = map.getCenter();
            move({ lat: round6(c.lat), lng: round6(c.lng) });
          }}
        >
          <Message id="places.pin.centre" />
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
  /** Enter on the pin: the position is what the user wants (e.g. close the picker). */
  onConfirm?: () => void;
  /** The map's name (its region's label). */
  label?: string;
  /** The pin's name (its button's label). */
  pinLabel?: string;
  /** Where the map opens without a pin (default: the workspace's map centre and zoom). */
  center?: LatLng;
  /** The zoom a position from outside (a chosen place) is shown at (default 15). */
  zoom?: number;
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
  onConfirm,
  label: labelGiven,
  pinLabel: pinLabelGiven,
  center,
  zoom = 15,
  place = '',
  height = 220,
}: PinPickerProps) {
  const intl = useIntl();
  const label = labelGiven ?? intl.formatMessage({ id: 'places.pin.mapLabel' });
  const pinLabel = pinLabelGiven ?? intl.formatMessage({ id: 'places.pin.pinLabel' });
  const settings = useGetWorkspaceQuery(workspaceId);
  const config = useGetConfigQuery();
  const bases = useMemo(() => baseLayerOptions(settings.data?.map, config.data?.maps), [settings.data, config.data]);
  return (
    <div className="pin-picker" style={{ ['--pin-height' as string]: `${height}px` }}>
      {settings.data ? (
        <PinMap
          settings={settings.data}
          bases={bases}
          view={{ label, pinLabel, center, zoom, place }}
          value={value}
          onChange={onChange}
          onConfirm={onConfirm}
        />
      ) : (
        <div className="pin-picker-map" aria-busy="true" />
      )}
      <p className="pin-picker-bar">
        <span>
          <Message id="places.pin.howTo" values={{ confirm: onConfirm ? 'yes' : 'no' }} />
        </span>
        <span className="pin-picker-coords">
          {value ? `${value.lat.toFixed(5)}, ${value.lng.toFixed(5)}` : <Message id="places.pin.noPosition" />}
        </span>
      </p>
    </div>
  );
}

interface PinView {
  label: string;
  pinLabel: string;
  center: LatLng | undefined;
  zoom: number;
  place: string;
}

function PinMap({
  settings,
  bases,
  view,
  value,
  onChange,
  onConfirm,
}: {
  settings: Workspace;
  bases: BaseLayerOption[];
  view: PinView;
  value: LatLng | null;
  onChange: (p: LatLng) => void;
  onConfirm: (() => void) | undefined;
}) {
  // The pin's own moves (click, drag, keys, "Pin the map centre"): the map stays where it is.
  const own = useRef<LatLng | null>(null);
  const latest = useRef(onChange);
  latest.current = onChange;
  const move = useCallback((p: LatLng) => {
    own.current = p;
    latest.current(p);
  }, []);
  // The map starts at the pin (or the given or the workspace's view) once; later positions move the pin.
  const [start] = useState(() =>
    value
      ? { center: value, zoom: view.zoom }
      : { center: view.center ?? settings.map.center, zoom: view.center ? view.zoom : settings.map.zoom },
  );
  return (
    <FieldMap
      className="pin-picker-map"
      label={view.label}
      zone={settings.timeZone}
      defaultView={start}
      baseLayers={bases}
      layerControl={false}
    >
      <DraggablePin
        value={value}
        place={view.place}
        label={view.pinLabel}
        zoom={view.zoom}
        own={own}
        move={move}
        onConfirm={onConfirm}
      />
      <CentreButton move={move} />
    </FieldMap>
  );
}
