import type { JobChange, OptimiseDayApply, OptimiseDayPreview, OptimiseDayQuery } from '@fieldplan/shared';
import { api } from '../../base/api';
import { applyJobChange } from '../../entities/job/apply-job-change';
import { messagesOf } from '../../entities/job/job-change';

const path = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}/optimise-day`;

/** "Optimise a day": the least-drive plan of one technician's day, and applying it. */
export const optimiseApi = api.injectEndpoints({
  endpoints: (build) => ({
    optimiseDayPreview: build.query<OptimiseDayPreview, OptimiseDayQuery & { workspaceId: string }>({
      query: ({ workspaceId, memberId, date }) => `${path(workspaceId)}?${new URLSearchParams({ memberId, date })}`,
      // A plan is of the day as it is now: never shown from an old cache entry.
      keepUnusedDataFor: 0,
    }),
    applyOptimisedDay: build.mutation<JobChange, { workspaceId: string; plan: OptimiseDayApply }>({
      query: ({ workspaceId, plan }) => ({ url: path(workspaceId), method: 'POST', body: plan }),
      // The moved jobs go into every cache like any other job write (the calendar shows them at once).
      async onQueryStarted({ workspaceId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          for (const message of messagesOf(data)) dispatch(applyJobChange(workspaceId, message));
        } catch {
          // The dialog shows the problem (412: the day changed meanwhile).
        }
      },
    }),
  }),
});

export const { useOptimiseDayPreviewQuery, useApplyOptimisedDayMutation } = optimiseApi;
