import type { Member, Workspace } from '@fieldplan/shared';
import { useOutletContext, useSearchParams } from 'react-router';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { scheduleSearch } from '../calendar';

/** What the board hands the job panels that open over it. */
export interface ScheduleContext {
  settings: Workspace;
  members: Member[];
}

export function useScheduleContext(): ScheduleContext {
  return useOutletContext<ScheduleContext>();
}

/** Links between the board and the job panels, keeping the calendar's view, date and filters. */
export function useBoardLinks() {
  const { slug } = useWorkspace();
  const [search] = useSearchParams();
  const board = search.get('from') === 'calendar' ? 'calendar' : 'dispatch';
  const keep = (extra: Record<string, string | null> = {}) => scheduleSearch(search, extra);
  return {
    search,
    board: `/w/${slug}/${board}${scheduleSearch(search, { from: null })}`,
    job: (id: string, occurrence: string | null = search.get('occurrence')) =>
      `/w/${slug}/jobs/${encodeURIComponent(id)}${keep({ occurrence })}`,
    edit: (id: string, occurrence: string | null = search.get('occurrence')) =>
      `/w/${slug}/jobs/${encodeURIComponent(id)}/edit${keep({ occurrence })}`,
    customer: (id: string) => `/w/${slug}/customers/${encodeURIComponent(id)}`,
  };
}
