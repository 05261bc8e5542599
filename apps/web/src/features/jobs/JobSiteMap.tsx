import type { Job, Member, Workspace } from '@fieldplan/shared';
import { useMemo } from 'react';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useIntl } from '../../lib/i18n';
import type { LayerVisibility } from '../map';
import { baseLayerOptions, FieldMap, jobsOnMap } from '../map';

const layers: LayerVisibility = { jobs: true, customers: false, homeBases: false, areas: false, routes: false };
const noSelection = () => {};

interface JobSiteMapProps {
  job: Job;
  members: readonly Member[];
  settings: Workspace;
}

/**
 * The job's site on a small map in its panel: on the dispatch board the panel covers the board's
 * map, so the place stays in view (a marker in the first technician's colour with its status glyph;
 * the tooltip gives its title as text). Loaded with Leaflet on demand.
 */
export default function JobSiteMap({ job, members, settings }: JobSiteMapProps) {
  const intl = useIntl();
  const config = useGetConfigQuery();
  const bases = useMemo(() => baseLayerOptions(settings.map, config.data?.maps), [settings.map, config.data]);
  const jobs = useMemo(() => jobsOnMap([job], members), [job, members]);
  const site = jobs[0];
  if (!site) return null;
  return (
    <FieldMap
      className="job-site-map"
      label={intl.formatMessage({ id: 'jobs.siteMap.label' })}
      zone={settings.timeZone}
      jobs={jobs}
      layers={layers}
      layerControl={false}
      baseLayers={bases}
      defaultView={{ center: { lat: site.lat, lng: site.lng }, zoom: 12 }}
      selectedJobId={null}
      onSelectJob={noSelection}
    />
  );
}
