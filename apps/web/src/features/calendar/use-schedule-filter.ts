import { type Job, type Member, matchesFilter, unassignedResourceId } from '@fieldplan/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useListAreasQuery } from '../../entities/area/endpoints';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import type { ScheduleParams } from './use-schedule-params';
import { inPriorityAndArea } from './visit-filter';

/**
 * The schedule's filters (technician, statuses, service area, priority) as the URL holds them, with
 * what the workspace doesn't know — a removed technician, a deleted area, a typo — dropped: the
 * filter shows cleared and the URL is rewritten in place, so a shared link never shows an empty
 * board. Also the same test for the unscheduled queue's jobs. The board and the calendar page share it.
 */
export function useScheduleFilter(
  params: ScheduleParams,
  search: URLSearchParams,
  update: (patch: Partial<ScheduleParams>, options?: { replace?: boolean }) => void,
  members: readonly Member[],
) {
  const { workspaceId } = useWorkspace();
  const areas = useListAreasQuery(workspaceId);
  const { technicianId, areaId } = params;
  const knownTech =
    !technicianId || technicianId === unassignedResourceId || members.some((m) => m.id === technicianId);
  // While the areas load, an area id is kept (the timeline shows everything until they arrive).
  const knownArea = !areaId || !areas.data || areas.data.some((a) => a.id === areaId);
  const clean = useMemo<ScheduleParams>(
    () => ({ ...params, technicianId: knownTech ? technicianId : null, areaId: knownArea ? areaId : null }),
    [params, knownTech, technicianId, knownArea, areaId],
  );

  const written = {
    tech: clean.technicianId,
    status: clean.statuses.length > 0 ? clean.statuses.join(',') : null,
    area: clean.areaId,
    priority: clean.priority === null ? null : String(clean.priority),
  };
  const stale = Object.entries(written).some(([key, value]) => (search.get(key) || null) !== value);
  useEffect(() => {
    if (!stale) return;
    const { technicianId: tech, statuses, areaId: area, priority } = clean;
    update({ technicianId: tech, statuses, areaId: area, priority }, { replace: true });
  }, [stale, clean, update]);

  const area = clean.areaId ? (areas.data?.find((a) => a.id === clean.areaId)?.geometry ?? null) : null;
  const keepJob = useCallback(
    (job: Job) => matchesFilter(job, clean) && inPriorityAndArea(job, clean.priority, area),
    [clean, area],
  );
  return { params: clean, keepJob, areas: areas.data ?? [] };
}
