import { changedEntity, type Job, type JobStatus } from '@fieldplan/shared';
import { api } from '../../base/api';
import type { LiveDispatch, LiveEntry } from '../../base/live-registry';
import type { RootState } from '../../base/root-state';
import { authApi } from '../../entities/session/endpoints';
import { myDayApi, myDayTag } from './endpoints';

/**
 * A job change from the channel reaches an open "my day": when a day on screen holds the
 * job, or the job now has the signed-in member among its technicians, the day is fetched again (its
 * order, travel and occurrences are the server's to compute). Other people's jobs cost nothing.
 */
export function refreshMyDay(workspaceId: string, id: string, job: Pick<Job, 'assigneeIds'> | null) {
  return (dispatch: LiveDispatch, getState: () => RootState) => {
    const state = getState();
    const days = myDayApi.util.selectCachedArgsForQuery(state, 'getMyDay').filter((a) => a.workspaceId === workspaceId);
    if (days.length === 0) return;
    const memberId = authApi.endpoints.getMe
      .select()(state)
      .data?.memberships.find((m) => m.workspaceId === workspaceId)?.memberId;
    const mine = memberId !== undefined && (job?.assigneeIds.includes(memberId) ?? false);
    const shown = days.some((args) =>
      myDayApi.endpoints.getMyDay
        .select(args)(state)
        .data?.visits.some((v) => v.jobId === id),
    );
    if (mine || shown) dispatch(api.util.invalidateTags([myDayTag]));
  };
}

export const myDayLive: LiveEntry<'job'> = {
  entity: 'job',
  apply: (change, { workspaceId }) => refreshMyDay(workspaceId, change.data.id, changedEntity(change)),
};

/**
 * A queued status change the server took: every cached day shows the new status and version at
 * once, so the card doesn't fall back to the old status until the day is fetched again.
 */
export function markSent(
  change: { workspaceId: string; jobId: string; visitId: string; status: JobStatus },
  version: number,
) {
  return (dispatch: LiveDispatch, getState: () => RootState) => {
    for (const args of myDayApi.util.selectCachedArgsForQuery(getState(), 'getMyDay')) {
      if (args.workspaceId !== change.workspaceId) continue;
      dispatch(
        myDayApi.util.updateQueryData('getMyDay', args, (day) => {
          for (const visit of day.visits) {
            if (visit.jobId !== change.jobId) continue;
            // One version for the whole job: every occurrence of a series on the day takes it.
            visit.version = Math.max(visit.version, version);
            if (visit.id === change.visitId) visit.status = change.status;
          }
        }),
      );
    }
  };
}
