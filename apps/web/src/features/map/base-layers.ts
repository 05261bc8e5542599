import { defaultTileAttribution, defaultTileUrlTemplate, type MapSettings, type MapsConfig } from '@fieldplan/shared';
import { t } from '../../lib/i18n';
import { type BaseLayerOption, offlineBaseLayerId } from './types';

function tileLabel(template: string): string {
  try {
    const host = new URL(template.replace(/\{[a-z]\}/g, '0')).hostname;
    return /(^|\.)openstreetmap\.org$/.test(host) ? 'OpenStreetMap' : host.replace(/^(tile|tiles|[a-c])\./, '');
  } catch {
    return t({ id: 'map.base.tiles' });
  }
}

/**
 * The base maps a map offers: the workspace's tile layer (Settings), the server's default when it
 * differs, and the built-in offline map — which is also what shows when tiles fail to load.
 */
export function baseLayerOptions(settings: MapSettings | undefined, config: MapsConfig | undefined): BaseLayerOption[] {
  const options: BaseLayerOption[] = [];
  const seen = new Set<string>();
  const add = (id: string, url: string, attribution: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    options.push({ id, label: tileLabel(url), url, attribution });
  };
  if (settings) add('workspace', settings.tileUrlTemplate, settings.tileAttribution);
  add('default', config?.tileUrlTemplate ?? defaultTileUrlTemplate, config?.tileAttribution ?? defaultTileAttribution);
  options.push({
    id: offlineBaseLayerId,
    label: t({ id: 'map.base.offline' }),
    url: null,
    attribution: 'Natural Earth',
  });
  return options;
}
