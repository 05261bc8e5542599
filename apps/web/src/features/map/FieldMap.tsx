import 'leaflet/dist/leaflet.css';
import './FieldMap.css';
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { MapContainer, ZoomControl } from 'react-leaflet';
import { Message, useIntl } from '../../lib/i18n';
import { BaseLayers } from './BaseLayers';
import { JobPopupContent } from './JobPopup';
import { JobsLayer } from './JobsLayer';
import { LayerControl } from './LayerControl';
import { BoundsData, FitToPoints, PopupPortal, SizeSync, ViewSync } from './MapSync';
import { CustomersLayer, HomeBasesLayer } from './MarkerLayers';
import { FieldMapContext } from './map-context';
import { AreasLayer, RoutesLayer } from './ShapeLayers';
import {
  type BaseLayerOption,
  defaultLayers,
  type LayerVisibility,
  type MapArea,
  type MapCustomer,
  type MapHomeBase,
  type MapJob,
  type MapRoute,
  type MapView,
  type OverlayKey,
} from './types';
import { useMapTheme } from './use-map-theme';

export interface FieldMapProps {
  /** The workspace's IANA zone: times in tooltips and popups. */
  zone: string;
  jobs?: readonly MapJob[];
  customers?: readonly MapCustomer[];
  homeBases?: readonly MapHomeBase[];
  areas?: readonly MapArea[];
  routes?: readonly MapRoute[];
  /** A job's `id` (one occurrence) or `jobId` (all its occurrences) to highlight, with its popup open. */
  selectedJobId?: string | null;
  onSelectJob?: (id: string | null, job: MapJob | null) => void;
  hoveredJobId?: string | null;
  onHoverJob?: (id: string | null, job: MapJob | null) => void;
  onSelectCustomer?: (customer: MapCustomer) => void;
  /** A click on a service area (the areas editor chooses it). */
  onSelectArea?: (id: string) => void;
  /** Where the map starts (and, when `view` is given, where it is kept). */
  defaultView: MapView;
  view?: MapView;
  onViewChange?: (view: MapView) => void;
  /** Which overlays show; uncontrolled when left out. */
  layers?: LayerVisibility;
  onLayersChange?: (layers: LayerVisibility) => void;
  /** Base maps to offer (see `baseLayerOptions`); the first is the default. */
  baseLayers: readonly BaseLayerOption[];
  baseLayerId?: string;
  onBaseLayerChange?: (id: string) => void;
  /** A job's popup content; the default shows its details without actions. */
  jobPopup?: (job: MapJob) => ReactNode;
  /** Whenever this changes the map fits the jobs (e.g. the date range shown). */
  fitKey?: string | number | undefined;
  /** Zoom steps fitting may stop at (default whole levels; a narrow pane fits closer with 0.25). */
  zoomSnap?: number;
  /** Show the layer control (default true). */
  layerControl?: boolean;
  /** React UI over the map: toolbars, legends. */
  overlay?: ReactNode;
  /** react-leaflet children (editors, pins) inside the map. */
  children?: ReactNode;
  label?: string;
  className?: string;
}

/** One map for every screen (docs/PRODUCT.md, "What it does and for whom"): job sites, customers, home bases, areas and routes. */
export function FieldMap(props: FieldMapProps) {
  const intl = useIntl();
  const {
    zone,
    jobs = [],
    customers = [],
    homeBases = [],
    areas = [],
    routes = [],
    selectedJobId = null,
    hoveredJobId = null,
    baseLayers,
    layerControl = true,
  } = props;
  const wrapper = useRef<HTMLElement>(null);
  const theme = useMapTheme(wrapper);
  const [ownLayers, setOwnLayers] = useState<LayerVisibility>(defaultLayers);
  const layers = props.layers ?? ownLayers;
  const setLayers = props.onLayersChange ?? setOwnLayers;
  const [ownBase, setOwnBase] = useState(baseLayers[0]?.id ?? 'offline');
  const baseId = props.baseLayerId ?? ownBase;
  const setBase = props.onBaseLayerChange ?? setOwnBase;
  const base = baseLayers.find((b) => b.id === baseId) ?? baseLayers[0];
  const [tilesFailed, setTilesFailed] = useState(false);

  const selected = useMemo(
    () => (selectedJobId ? jobs.find((j) => j.id === selectedJobId || j.jobId === selectedJobId) : undefined) ?? null,
    [jobs, selectedJobId],
  );
  const { onSelectJob, onHoverJob } = props;
  const selectJob = useCallback((job: MapJob | null) => onSelectJob?.(job?.id ?? null, job), [onSelectJob]);
  const hoverJob = useCallback((job: MapJob | null) => onHoverJob?.(job?.id ?? null, job), [onHoverJob]);
  const available: OverlayKey[] = [];
  if (props.jobs) available.push('jobs');
  if (props.customers) available.push('customers');
  if (props.homeBases) available.push('homeBases');
  if (props.areas) available.push('areas');
  if (props.routes) available.push('routes');
  const context = useMemo(() => ({ theme, zone }), [theme, zone]);
  const fitPoints = useMemo(() => jobs.map((j) => ({ lat: j.lat, lng: j.lng })), [jobs]);
  const start = props.view ?? props.defaultView;

  return (
    <section
      ref={wrapper}
      className={['field-map', tilesFailed || base?.url === null ? 'fm-offline' : '', props.className]
        .filter(Boolean)
        .join(' ')}
      aria-label={props.label ?? intl.formatMessage({ id: 'map.field.label' })}
      data-job-count={layers.jobs ? jobs.length : 0}
    >
      <FieldMapContext.Provider value={context}>
        <MapContainer
          center={[start.center.lat, start.center.lng]}
          zoom={start.zoom}
          zoomSnap={props.zoomSnap ?? 1}
          zoomDelta={1}
          worldCopyJump
          className="fm-leaflet"
          // Leaflet's own zoom buttons are titled in English: this one in the page's language.
          zoomControl={false}
        >
          <ZoomControl
            zoomInTitle={intl.formatMessage({ id: 'map.field.zoomIn' })}
            zoomOutTitle={intl.formatMessage({ id: 'map.field.zoomOut' })}
          />
          {base && <BaseLayers option={base} onFallback={setTilesFailed} />}
          <ViewSync view={props.view} onViewChange={props.onViewChange} />
          <BoundsData target={wrapper} />
          <SizeSync />
          <FitToPoints points={fitPoints} fitKey={props.fitKey} />
          {layers.areas && areas.length > 0 && <AreasLayer areas={areas} onSelect={props.onSelectArea} />}
          {layers.routes && routes.length > 0 && <RoutesLayer routes={routes} />}
          {layers.customers && customers.length > 0 && (
            <CustomersLayer customers={customers} onSelect={props.onSelectCustomer} />
          )}
          {layers.homeBases && homeBases.length > 0 && <HomeBasesLayer bases={homeBases} />}
          {layers.jobs && (
            <JobsLayer
              jobs={jobs}
              selectedJobId={selectedJobId}
              hoveredJobId={hoveredJobId}
              onSelect={selectJob}
              onHover={hoverJob}
            />
          )}
          <PopupPortal
            at={layers.jobs ? selected : null}
            openKey={selected?.id ?? null}
            onClose={() => selectJob(null)}
          >
            {selected && (props.jobPopup ? props.jobPopup(selected) : <JobPopupContent job={selected} zone={zone} />)}
          </PopupPortal>
          {props.children}
        </MapContainer>
      </FieldMapContext.Provider>
      {layerControl && (
        <LayerControl
          layers={layers}
          onLayersChange={setLayers}
          available={available}
          bases={baseLayers}
          baseId={base?.id ?? ''}
          onBaseChange={setBase}
        />
      )}
      {props.overlay}
      {tilesFailed && (
        <p className="fm-notice" role="status">
          <Message id="map.field.tilesFailed" />
        </p>
      )}
    </section>
  );
}
