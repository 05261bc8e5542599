import { type Member, prepareAreas, type Workspace } from '@fieldplan/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button, buttonClass } from '../../components/Button';
import { useListAreasQuery } from '../../entities/area/endpoints';
import { useGetCalendarEventsQuery } from '../../entities/job/calendar-endpoints';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { useGetMembersQuery } from '../../entities/member/endpoints';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useGetTravelLegsQuery } from '../../entities/travel/endpoints';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LiveTechnicianMarkers } from '../locations';
import type { PlaceChoice } from '../places';
import { PlacesCombobox } from '../places';
import { baseLayerOptions } from './base-layers';
import { useCustomerSitesQuery, useJobSitesQuery } from './endpoints';
import { FieldMap } from './FieldMap';
import { FoundPlace } from './FoundPlace';
import { JobPopupContent } from './JobPopup';
import { MapSidebar } from './MapSidebar';
import { MapStatusActions } from './MapStatusActions';
import { dayRoutes, homeBasesOf, missingSites, toMapJobs, withTravel } from './map-data';
import type { MapJob } from './types';
import { addDays, todayIn, useMapParams } from './use-map-params';
import './MapPage.css';

/** `/w/:slug/map`: the day's jobs, routes, home bases, customers and service areas (loaded on demand). */
export default function MapPage() {
  const intl = useIntl();
  const { workspaceId } = useWorkspace();
  useDocumentTitle(intl.formatMessage({ id: 'map.page.title' }));
  const settings = useGetWorkspaceQuery(workspaceId);
  const members = useGetMembersQuery(workspaceId);
  if (settings.error || members.error) {
    return (
      <div className="map-page map-failed">
        <Alert title={intl.formatMessage({ id: 'map.page.loadFailed' })}>
          {problemMessage(toProblem(settings.error ?? members.error))}
        </Alert>
        <Button
          onClick={() => {
            void settings.refetch();
            void members.refetch();
          }}
        >
          <Message id="map.page.tryAgain" />
        </Button>
      </div>
    );
  }
  if (!settings.data || !members.data) return <div className="map-page map-loading" aria-busy="true" />;
  return <MapScreen settings={settings.data} members={members.data} />;
}

const noVisits: CalendarVisit[] = [];

function MapScreen({ settings, members }: { settings: Workspace; members: Member[] }) {
  const intl = useIntl();
  const { workspaceId, slug, role, membership } = useWorkspace();
  const zone = settings.timeZone;
  const { params, update } = useMapParams(zone, settings.map);
  const events = useGetCalendarEventsQuery({
    workspaceId,
    start: params.date,
    end: addDays(params.date, 1),
    technicianId: null,
    status: '',
  });
  // The drives of the day as the server prices them (the same answer as the timeline's).
  const travel = useGetTravelLegsQuery({ workspaceId, start: params.date, end: addDays(params.date, 1) });
  const sites = useJobSitesQuery(workspaceId);
  const areas = useListAreasQuery(workspaceId);
  const customers = useCustomerSitesQuery(workspaceId, { skip: !params.layers.customers });
  const config = useGetConfigQuery();
  const [hovered, setHovered] = useState<string | null>(null);
  const [placeText, setPlaceText] = useState('');
  const [found, setFound] = useState<PlaceChoice | null>(null);

  const prepared = useMemo(() => prepareAreas(areas.data ?? []), [areas.data]);
  const dayVisits = events.currentData ?? events.data;
  const visits = dayVisits ?? noVisits;
  const jobs = useMemo(() => toMapJobs(visits, sites.data, members, prepared), [visits, sites.data, members, prepared]);
  const routes = useMemo(
    () => withTravel(dayRoutes(jobs, members), travel.currentData, params.date, jobs),
    [jobs, members, travel.currentData, params.date],
  );
  const homeBases = useMemo(() => homeBasesOf(members), [members]);
  const bases = useMemo(() => baseLayerOptions(settings.map, config.data?.maps), [settings.map, config.data]);

  // Jobs created after the sites were read have no position yet: read them again (once per set).
  const missing = missingSites(visits, sites.data).join(',');
  const asked = useRef('');
  useEffect(() => {
    if (missing && missing !== asked.current && !sites.isFetching) {
      asked.current = missing;
      void sites.refetch();
    }
  }, [missing, sites]);

  const select = (job: MapJob | null) => update({ job: job?.id ?? null });
  const popup = (job: MapJob) => (
    <JobPopupContent
      job={job}
      zone={zone}
      actions={
        <>
          <Link
            className={buttonClass('secondary', 'sm')}
            to={`/w/${slug}/jobs/${encodeURIComponent(job.jobId)}${job.occurrenceKey ? `?occurrence=${encodeURIComponent(job.occurrenceKey)}` : ''}`}
          >
            <Message id="map.page.open" />
          </Link>
          <MapStatusActions
            workspaceId={workspaceId}
            job={job}
            role={role}
            memberId={membership.memberId}
            onStale={() => void events.refetch()}
          />
        </>
      }
    />
  );

  return (
    <div className="map-page">
      <h1 className="visually-hidden">
        <Message id="map.page.title" />
      </h1>
      <MapSidebar
        search={
          <PlacesCombobox
            label={intl.formatMessage({ id: 'map.page.findPlace' })}
            placeholder={intl.formatMessage({ id: 'map.page.findPlaceHint' })}
            value={placeText}
            onInputChange={setPlaceText}
            onSelect={(choice) => {
              setFound(choice);
              update({ view: { center: { lat: choice.lat, lng: choice.lng }, zoom: 15 } });
            }}
            workspaceId={workspaceId}
            bias={settings.map.center}
          />
        }
        date={params.date}
        today={todayIn(zone)}
        onDate={(date) => update({ date, job: null })}
        jobs={jobs}
        routes={params.layers.routes ? routes : []}
        travelNotice={travel.currentData?.notice}
        zone={zone}
        loading={!dayVisits || (!sites.data && !sites.error)}
        selectedId={params.job}
        onSelect={select}
        onHover={(job) => setHovered(job?.id ?? null)}
        unplaced={(dayVisits?.length ?? 0) - jobs.length}
      />
      <FieldMap
        className="map-main"
        label={intl.formatMessage({ id: 'map.page.mapLabel' })}
        zone={zone}
        jobs={jobs}
        customers={customers.data ?? []}
        homeBases={homeBases}
        areas={areas.data ?? []}
        routes={routes}
        selectedJobId={params.job}
        onSelectJob={(_id, job) => select(job)}
        hoveredJobId={hovered}
        onHoverJob={(id) => setHovered(id)}
        defaultView={params.view}
        view={params.view}
        onViewChange={(view) => update({ view }, { replace: true })}
        layers={params.layers}
        onLayersChange={(layers) => update({ layers })}
        baseLayers={bases}
        baseLayerId={params.base ?? bases[0]?.id}
        onBaseLayerChange={(base) => update({ base })}
        jobPopup={popup}
      >
        {found && <FoundPlace at={found} label={found.address} />}
        {/* Live technician positions: pulsing dots with the age of each fix. */}
        <LiveTechnicianMarkers />
      </FieldMap>
    </div>
  );
}
