import type { Customer, LatLng } from '@fieldplan/shared';
import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { useMap } from 'react-leaflet';
import { Link } from 'react-router';
import { buttonClass } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { Message, useIntl } from '../../lib/i18n';
import type { LayerVisibility, MapJob } from '../map';
import { baseLayerOptions, FieldMap, JobPopupContent, jobsOnMap } from '../map';
import { boxAround, customerOnMap } from './customer-map-data';
import { useCustomerJobsQuery } from './endpoints';

const layers: LayerVisibility = { jobs: true, customers: true, homeBases: false, areas: false, routes: false };

/** Keeps the customer in the middle of the map, zoomed out just enough to show their job sites. */
function CentreOnCustomer({ at, sites }: { at: LatLng; sites: readonly LatLng[] }) {
  const map = useMap();
  const { lat, lng } = at;
  useEffect(() => {
    const [sw, ne] = boxAround({ lat, lng }, sites);
    const box = L.latLngBounds([sw.lat, sw.lng], [ne.lat, ne.lng]);
    const zoom = sites.length === 0 ? 15 : Math.min(15, map.getBoundsZoom(box, false, L.point(48, 48)));
    map.setView([lat, lng], zoom, { animate: false });
  }, [map, lat, lng, sites]);
  return null;
}

interface CustomerMapProps {
  workspaceId: string;
  customer: Customer;
  slug: string;
  zone: string;
}

/** The customer's place and their jobs' sites on a small map (the app's one map component). */
export function CustomerMap({ workspaceId, customer, slug, zone }: CustomerMapProps) {
  const intl = useIntl();
  const settings = useGetWorkspaceQuery(workspaceId);
  const config = useGetConfigQuery();
  const members = useGetMembersQuery(workspaceId);
  const { data: jobPage } = useCustomerJobsQuery({ workspaceId, id: customer.id });
  const bases = useMemo(() => baseLayerOptions(settings.data?.map, config.data?.maps), [settings.data, config.data]);
  const customers = useMemo(() => {
    const place = customerOnMap(customer);
    return place ? [place] : [];
  }, [customer]);
  const place = customers[0] ?? null;
  const [selected, setSelected] = useState<string | null>(null);
  const jobs = useMemo(() => jobsOnMap(jobPage?.items ?? [], members.data ?? []), [jobPage, members.data]);

  const popup = (job: MapJob) => (
    <JobPopupContent
      job={job}
      zone={zone}
      actions={
        <Link className={buttonClass('secondary', 'sm')} to={`/w/${slug}/jobs/${encodeURIComponent(job.jobId)}`}>
          <Message id="customers.map.open" />
        </Link>
      }
    />
  );

  return (
    <Panel
      title={<Message id="customers.map.title" />}
      description={place ? <Message id="customers.map.description" values={{ count: jobs.length }} /> : undefined}
      flush
      className="customer-map-panel"
    >
      {place ? (
        <FieldMap
          className="customer-map"
          label={intl.formatMessage({ id: 'customers.map.label' }, { name: customer.name })}
          zone={zone}
          customers={customers}
          jobs={jobs}
          layers={layers}
          layerControl={false}
          baseLayers={bases}
          defaultView={{ center: place, zoom: 15 }}
          selectedJobId={selected}
          onSelectJob={setSelected}
          jobPopup={popup}
        >
          <CentreOnCustomer at={place} sites={jobs} />
        </FieldMap>
      ) : (
        <EmptyState icon="pin" title={intl.formatMessage({ id: 'customers.map.noPosition' })}>
          <Message id="customers.map.noPositionHint" />
        </EmptyState>
      )}
    </Panel>
  );
}
