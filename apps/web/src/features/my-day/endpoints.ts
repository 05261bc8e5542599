import type { MyDay } from '@fieldplan/shared';
import { api } from '../../base/api';

export interface MyDayArgs {
  workspaceId: string;
  date: string;
}

/** The tag every my-day answer carries: invalidated when queued status changes reach the server. */
export const myDayTag = { type: 'Job', id: 'my-day' } as const;

export const myDayApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyDay: build.query<MyDay, MyDayArgs>({
      query: ({ workspaceId, date }) =>
        `/workspaces/${encodeURIComponent(workspaceId)}/my-day?date=${encodeURIComponent(date)}`,
      providesTags: [myDayTag],
    }),
  }),
});

export const { useGetMyDayQuery } = myDayApi;
