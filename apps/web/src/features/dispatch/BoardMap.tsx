import { type Member, prepareAreas, type Workspace } from '@fieldplan/shared';
import { useMemo } from 'react';
import { useListAreasQuery } from '../../entities/area/endpoints';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { useGetConfigQuery } from '../../entities/session/endpoints';
import { useGetTravelLegsQuery } from '../../entities/travel/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { useIntl } from '../../lib/i18n';
import { type HoverSync, useHovered } from '../calendar';
import { LiveTechnicianMarkers } from '../locations';
import type { MapJob } from '../map';
import {
  baseLayerOptions,
  dayRoutes,
  FieldMap,
  homeBasesOf,
  JobPopupContent,
  MapStatusActions,
  toMapJobs,
  withTravel,
} from '../map';

interface BoardMapProps {
  settings: Workspace;
  members: Member[];
  /** The calendar's visible range and its visits (the feed carries each job's site). */
  visits: readonly CalendarVisit[];
  range: { start: string; end: string };
  /** The range's events have arrived (the map fits to them then). */
  loaded: boolean;
  /** Routes of the day only make sense for one day. */
  oneDay: boolean;
  hover: HoverSync;
  /** The job open in the side panel, and the visit (occurrence key) when it is one of a series. */
  selected: { jobId: string; occurrenceKey: string | null } | null;
  onSelect: (job: MapJob | null) => void;
  /** After a 412 from a status change: read the range again. */
  onStale: () => void;
}

/** The dispatch board's map: the calendar's range, following it, in step with its hover and selection. */
export function BoardMap(props: BoardMapProps) {
  const { settings, members, visits, range, loaded, oneDay, hover, selected, onSelect, onStale } = props;
  const intl = useIntl();
  const { workspaceId, role, membership } = useWorkspace();
  const areas = useListAreasQuery(workspaceId);
  const config = useGetConfigQuery();
  const hovered = useHovered(hover);
  const zone = settings.timeZone;

  const prepared = useMemo(() => prepareAreas(areas.data ?? []), [areas.data]);
  const jobs = useMemo(() => toMapJobs(visits, undefined, members, prepared), [visits, members, prepared]);
  // The timeline asks for the same range: one answer for both.
  const travel = useGetTravelLegsQuery({ workspaceId, ...range }, { skip: !oneDay });
  const routes = useMemo(
    () => (oneDay ? withTravel(dayRoutes(jobs, members), travel.currentData, range.start, jobs) : []),
    [oneDay, jobs, members, travel.currentData, range.start],
  );
  const homeBases = useMemo(() => homeBasesOf(members), [members]);
  const bases = useMemo(() => baseLayerOptions(settings.map, config.data?.maps), [settings.map, config.data]);
  const defaultView = useMemo(() => ({ center: settings.map.center, zoom: settings.map.zoom }), [settings.map]);
  // The visit open in the panel, else every visit of its job.
  const selectedId = useMemo(() => {
    if (!selected) return null;
    const visit = jobs.find((j) => j.jobId === selected.jobId && j.occurrenceKey === selected.occurrenceKey);
    return visit?.id ?? selected.jobId;
  }, [jobs, selected]);

  return (
    <FieldMap
      className="board-fieldmap"
      label={intl.formatMessage({ id: 'dispatch.map.label' })}
      zone={zone}
      jobs={jobs}
      homeBases={homeBases}
      areas={areas.data ?? []}
      routes={routes}
      selectedJobId={selectedId}
      onSelectJob={(_id, job) => onSelect(job)}
      hoveredJobId={hovered}
      onHoverJob={(id) => hover.set(id)}
      defaultView={defaultView}
      baseLayers={bases}
      // A new range (a day or week further, another view) fits the map to its jobs once they arrive.
      fitKey={loaded ? `${range.start}|${range.end}` : undefined}
      // A narrow pane: fit in quarter zoom steps, or a day's jobs take a quarter of it.
      zoomSnap={0.25}
      jobPopup={(job) => (
        <JobPopupContent
          job={job}
          zone={zone}
          actions={
            <MapStatusActions
              workspaceId={workspaceId}
              job={job}
              role={role}
              memberId={membership.memberId}
              onStale={onStale}
            />
          }
        />
      )}
    >
      {/* Live technician positions: pulsing dots with the age of each fix. */}
      <LiveTechnicianMarkers />
    </FieldMap>
  );
}
