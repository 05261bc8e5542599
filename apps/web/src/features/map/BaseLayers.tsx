import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';
import { OfflineBaseMap, offlinePalettes } from './OfflineBaseMap';
import type { BaseLayerOption } from './types';
import { usePrefersDark } from './use-map-theme';

/** Tile templates that failed in this page's life: the map goes straight to the offline map for them. */
const failedTemplates = new Set<string>();
/** Errors (with no tile loaded) before a tile server counts as unreachable. */
export const tileErrorLimit = 4;
/** …or this long without a single tile. */
export const tileTimeoutMs = 8000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface BaseLayersProps {
  option: BaseLayerOption;
  /** Tiles of `option` failed to load and the offline map took over (or recovered: false). */
  onFallback: (failed: boolean) => void;
  /** Place names on the offline map: they come from the workspace API, so a public page turns them off. */
  labels?: boolean;
}

/**
 * The chosen base map: a tile layer, watched — after `tileErrorLimit` errors and no tile loaded
 * (or `tileTimeoutMs` of nothing) the offline map is drawn instead, so the map is never blank.
 */
export function BaseLayers({ option, onFallback, labels = true }: BaseLayersProps) {
  const map = useMap();
  const dark = usePrefersDark();
  const url = option.url;
  const [failed, setFailed] = useState(() => url !== null && failedTemplates.has(url));

  // onFallback is a notification: a new function identity must not reload the tiles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const already = url !== null && failedTemplates.has(url);
    setFailed(already);
    onFallback(already);
    if (url === null || already) return;
    let errors = 0;
    let loads = 0;
    let done = false;
    // Attribution is text a workspace owner typed: Leaflet writes it as HTML, so it is escaped.
    const layer = L.tileLayer(url, { attribution: escapeHtml(option.attribution), maxZoom: 19 });
    const fail = () => {
      if (loads > 0 || done) return;
      done = true;
      layer.remove();
      failedTemplates.add(url);
      setFailed(true);
      onFallback(true);
    };
    layer.on('tileload', () => {
      loads += 1;
    });
    layer.on('tileerror', () => {
      errors += 1;
      if (errors >= tileErrorLimit) fail();
    });
    const timer = setTimeout(fail, tileTimeoutMs);
    layer.addTo(map);
    return () => {
      clearTimeout(timer);
      layer.remove();
    };
  }, [map, url, option.attribution]);

  if (url !== null && !failed) return null;
  return <OfflineBaseMap palette={dark ? offlinePalettes.dark : offlinePalettes.light} labels={labels} />;
}
