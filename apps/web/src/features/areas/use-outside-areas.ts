import { isOutsideAreas, type PreparedArea, prepareAreas } from '@fieldplan/shared';
import { useCallback, useMemo } from 'react';
import { useListAreasQuery } from '../../entities/area/endpoints';

const noAreas: PreparedArea[] = [];

/**
 * `outside(site)` is true when the site lies outside every service area of the workspace (false
 * while areas load, when there are none, or when the site has no position) — for flags in the job
 * detail, the calendar and lists. Computed in the browser from the cached areas.
 */
export function useOutsideAreas(workspaceId: string) {
  const { data } = useListAreasQuery(workspaceId);
  // No areas (or not yet loaded): one constant, so the answer's arrival gives the calendar no new
  // function to re-render every event for (an event-content change re-renders them all).
  const prepared = useMemo(() => (data && data.length > 0 ? prepareAreas(data) : noAreas), [data]);
  return useCallback(
    (site: { lat?: number | null; lng?: number | null } | null | undefined) => isOutsideAreas(site, prepared),
    [prepared],
  );
}
