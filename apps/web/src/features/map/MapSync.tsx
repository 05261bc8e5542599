import type { LatLng } from '@fieldplan/shared';
import L from 'leaflet';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useMap, useMapEvents } from 'react-leaflet';
import { t } from '../../lib/i18n';
import type { MapView } from './types';

const same = (a: MapView, b: MapView) =>
  a.zoom === b.zoom && Math.abs(a.center.lat - b.center.lat) < 1e-5 && Math.abs(a.center.lng - b.center.lng) < 1e-5;

/** Keeps Leaflet's view and the `view` prop in step: moves report out, a changed prop moves the map. */
export function ViewSync({
  view,
  onViewChange,
}: {
  view?: MapView | undefined;
  onViewChange?: ((view: MapView) => void) | undefined;
}) {
  const map = useMap();
  const reported = useRef<MapView | null>(null);
  useMapEvents({
    moveend: () => {
      const c = map.getCenter();
      const next = { center: { lat: c.lat, lng: c.lng }, zoom: map.getZoom() };
      reported.current = next;
      onViewChange?.(next);
    },
  });
  useEffect(() => {
    if (!view) return;
    const current = { center: map.getCenter(), zoom: map.getZoom() };
    if (same(view, current) || (reported.current && same(view, reported.current))) return;
    map.setView([view.center.lat, view.center.lng], view.zoom, { animate: false });
  }, [map, view]);
  return null;
}

/** Fits the map to `points` whenever `fitKey` changes (a new day or range shown). */
export function FitToPoints({ points, fitKey }: { points: readonly LatLng[]; fitKey: string | number | undefined }) {
  const map = useMap();
  const latest = useRef(points);
  latest.current = points;
  useEffect(() => {
    if (fitKey === undefined) return;
    const pts = latest.current;
    if (pts.length === 0) return;
    const bounds = L.latLngBounds(pts.map((p) => [p.lat, p.lng] as L.LatLngTuple));
    map.fitBounds(bounds, { padding: [48, 48], maxZoom: 14, animate: false });
  }, [map, fitKey]);
  return null;
}

interface PopupPortalProps {
  /** Where the popup points; null closes it. */
  at: LatLng | null;
  /** Identity of what the popup shows: a new key reopens it. */
  openKey: string | null;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A Leaflet popup whose content is React (rendered through a portal, so it keeps router and store
 * context and user text stays text). Closing it by hand (×, Escape, a map click) calls `onClose`.
 */
export function PopupPortal({ at, openKey, onClose, children }: PopupPortalProps) {
  const map = useMap();
  const [container] = useState(() => document.createElement('div'));
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const lat = at?.lat;
  const lng = at?.lng;
  useEffect(() => {
    if (openKey === null || lat === undefined || lng === undefined) return;
    let ours = true;
    const popup = L.popup({
      className: 'fm-popup',
      maxWidth: 320,
      minWidth: 240,
      offset: [0, -6],
      autoPanPadding: [24, 24],
    })
      .setLatLng([lat, lng])
      .setContent(container);
    popup.on('remove', () => {
      if (ours) closeRef.current();
    });
    popup.openOn(map);
    // Leaflet names its × button in English.
    popup
      .getElement()
      ?.querySelector('.leaflet-popup-close-button')
      ?.setAttribute('aria-label', t({ id: 'map.popup.close' }));
    return () => {
      ours = false;
      popup.remove();
    };
  }, [map, container, openKey, lat, lng]);
  return openKey === null ? null : createPortal(children, container);
}

/**
 * Writes the shown bounds (`south,west,north,east`) to `data-bounds` on `target` after every move:
 * what the map shows, readable without Leaflet (end-to-end tests, tools).
 */
export function BoundsData({ target }: { target: RefObject<HTMLElement | null> }) {
  const map = useMap();
  const write = () => {
    const el = target.current;
    if (!el) return;
    const b = map.getBounds();
    el.dataset.bounds = [b.getSouth(), b.getWest(), b.getNorth(), b.getEast()].map((n) => n.toFixed(6)).join(',');
  };
  useMapEvents({ moveend: write, resize: write });
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the map is ready
  useEffect(() => {
    map.whenReady(write);
  }, [map]);
  return null;
}

/**
 * Leaflet measures its box on window resize only; a resized pane (the board's splitter, a panel
 * opening beside the map) changes it without one.
 */
export function SizeSync() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => map.invalidateSize({ pan: false }));
    });
    observer.observe(map.getContainer());
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [map]);
  return null;
}
