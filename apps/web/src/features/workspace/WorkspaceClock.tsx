import { defaultClock } from '@fieldplan/shared';
import { type ReactNode, useMemo } from 'react';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { ClockContext, type ClockFormats, setClockFormats } from '../../lib/clock';

/**
 * Every screen of a workspace writes times and dates in the workspace's formats (Settings →
 * Schedule): they are set here, above the screens, before any of them renders a time.
 */
export function WorkspaceClock({ workspaceId, children }: { workspaceId: string; children: ReactNode }) {
  const { data } = useGetWorkspaceQuery(workspaceId);
  const timeFormat = data?.timeFormat ?? defaultClock.timeFormat;
  const dateFormat = data?.dateFormat ?? defaultClock.dateFormat;
  const weekStart = data?.weekStart ?? defaultClock.weekStart;
  const formats = useMemo<ClockFormats>(
    () => ({ timeFormat, dateFormat, weekStart }),
    [timeFormat, dateFormat, weekStart],
  );
  setClockFormats(formats);
  return <ClockContext.Provider value={formats}>{children}</ClockContext.Provider>;
}
