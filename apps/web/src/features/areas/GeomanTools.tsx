import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { type AreaGeometry, geometryLimits } from '@fieldplan/shared';
import type L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import { currentLocale } from '../../lib/i18n';
import { areaShape, areaStyle, canvasFor, useFieldMapContext } from '../map';
import { layerToGeometry } from './shape';

// leaflet-geoman (drawing and vertex editing) wrapped for React. It hooks into every L.Map created
// after this module loads — the areas screen imports it before its map exists.

export type DrawShape = 'Polygon' | 'Circle';

const drawOptions = (colour: string) => ({
  allowSelfIntersection: false,
  snappable: true,
  minRadiusCircle: geometryLimits.minRadiusM,
  maxRadiusCircle: geometryLimits.maxRadiusM,
  pathOptions: areaStyle(colour),
  templineStyle: { color: colour },
  hintlineStyle: { color: colour, dashArray: '5 5' },
});

/** While `shape` is set, clicks on the map draw it; the finished shape is handed to `onDrawn`. */
export function DrawTool({
  shape,
  colour,
  onDrawn,
  onCancel,
}: {
  shape: DrawShape | null;
  colour: string;
  onDrawn: (geometry: AreaGeometry) => void;
  onCancel: () => void;
}) {
  const map = useMap();
  const handlers = useRef({ onDrawn, onCancel });
  handlers.current = { onDrawn, onCancel };
  useEffect(() => {
    if (!shape) return;
    const onCreate = (event: { layer: L.Layer }) => {
      event.layer.remove();
      const geometry = layerToGeometry(event.layer);
      if (geometry) handlers.current.onDrawn(geometry);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') handlers.current.onCancel();
    };
    map.on('pm:create', onCreate as L.LeafletEventHandlerFn);
    document.addEventListener('keydown', onKey);
    // Geoman's own drawing tooltips ("Click to place first vertex") in the page's language.
    map.pm.setLang(currentLocale() === 'de' ? 'de' : 'en');
    map.pm.enableDraw(shape, drawOptions(colour));
    return () => {
      map.pm.disableDraw();
      map.off('pm:create', onCreate as L.LeafletEventHandlerFn);
      document.removeEventListener('keydown', onKey);
    };
  }, [map, shape, colour]);
  return null;
}

/**
 * One area's shape on the map; with `editable`, its vertices (or centre and radius) can be dragged.
 * Every change is reported; `shapeKey` changing redraws it from `geometry` (e.g. after a reload).
 */
export function EditableShape({
  geometry,
  colour,
  editable,
  shapeKey,
  onChange,
}: {
  geometry: AreaGeometry;
  colour: string;
  editable: boolean;
  shapeKey: string;
  onChange: (geometry: AreaGeometry) => void;
}) {
  const map = useMap();
  const { dark } = useFieldMapContext().theme;
  const latest = useRef({ geometry, onChange });
  latest.current = { geometry, onChange };
  const layerRef = useRef<L.Path | null>(null);

  // The shape is drawn from `geometry` only when shapeKey changes: edits (and a colour being
  // chosen, applied below) must not redraw it and lose the vertex being dragged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: shapeKey is the redraw signal
  useEffect(() => {
    const layer = areaShape(
      { id: 'edit', name: '', colour, geometry: latest.current.geometry },
      {
        ...areaStyle(colour, dark),
        weight: 3,
        fillOpacity: 0.18,
        // On the shared canvas with the other shapes, so it gets the mouse (a canvas takes all of it).
        renderer: canvasFor(map),
      },
    );
    layer.addTo(map);
    layerRef.current = layer;
    const report = () => {
      const next = layerToGeometry(layer);
      if (next) latest.current.onChange(next);
    };
    layer.on('pm:edit', report);
    layer.on('pm:markerdragend', report);
    return () => {
      layer.off();
      layer.remove();
      layerRef.current = null;
    };
  }, [map, shapeKey]);

  useEffect(() => {
    const { color, fillColor } = areaStyle(colour, dark);
    layerRef.current?.setStyle({ color, fillColor });
  }, [colour, dark]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a redrawn shape (new shapeKey) needs editing again
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    if (editable) layer.pm.enable({ allowSelfIntersection: false, draggable: true, snappable: true });
    else layer.pm.disable();
    return () => layer.pm.disable();
  }, [editable, shapeKey]);
  return null;
}
