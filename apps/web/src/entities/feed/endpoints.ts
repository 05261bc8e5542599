import type {
  BusyEvent,
  Feed,
  FeedCreate,
  FeedPatch,
  FeedToken,
  FeedTokenCreate,
  FeedTokenCreated,
} from '@fieldplan/shared';
import { api, versionedWrite } from '../../base/api';

const ws = (workspaceId: string) => `/workspaces/${encodeURIComponent(workspaceId)}`;
const feedsOf = (workspaceId: string) => `${ws(workspaceId)}/feeds`;
const tokensOf = (workspaceId: string) => `${ws(workspaceId)}/feed-tokens`;
const byName = (a: Feed, b: Feed) => a.name.localeCompare(b.name);
/** What a feed's change touches on the calendar: its busy time and the double-booking marks of jobs. */
export const calendarTags = (workspaceId: string) => [
  { type: 'Busy' as const, id: workspaceId },
  { type: 'CalendarEvents' as const, id: workspaceId },
];

/** One range of busy time: the same dates (workspace zone, end exclusive) as the calendar's range. */
export interface BusyRangeArgs {
  workspaceId: string;
  start: string;
  end: string;
}

/**
 * Calendar subscriptions (import), iCal links (export) and the busy time they put on the calendar.
 * The feed list is patched in place by writes and by realtime (`feed` changes).
 */
export const feedsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listFeeds: build.query<Feed[], string>({
      query: (workspaceId) => feedsOf(workspaceId),
      transformResponse: (feeds: Feed[]) => [...feeds].sort(byName),
      providesTags: (_result, _error, workspaceId) => [{ type: 'Feed', id: workspaceId }],
    }),
    createFeed: build.mutation<Feed, { workspaceId: string; feed: FeedCreate }>({
      query: ({ workspaceId, feed }) => ({ url: feedsOf(workspaceId), method: 'POST', body: feed }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : calendarTags(workspaceId)),
      onQueryStarted: async ({ workspaceId }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(putFeed(workspaceId, data.id, data));
      },
    }),
    updateFeed: build.mutation<Feed, { workspaceId: string; id: string; version: number; patch: FeedPatch }>({
      query: ({ workspaceId, id, version, patch }) =>
        versionedWrite('PATCH', `${feedsOf(workspaceId)}/${encodeURIComponent(id)}`, version, patch),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : calendarTags(workspaceId)),
      onQueryStarted: async ({ workspaceId, id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(putFeed(workspaceId, id, data));
      },
    }),
    deleteFeed: build.mutation<void, { workspaceId: string; id: string; version: number }>({
      query: ({ workspaceId, id, version }) =>
        versionedWrite('DELETE', `${feedsOf(workspaceId)}/${encodeURIComponent(id)}`, version),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : calendarTags(workspaceId)),
      onQueryStarted: async ({ workspaceId, id }, { dispatch, queryFulfilled }) => {
        const done = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (done) dispatch(putFeed(workspaceId, id, null));
      },
    }),
    /** Fetched by the server while the caller waits; a failure (502) leaves the feed failing with its reason. */
    refreshFeed: build.mutation<Feed, { workspaceId: string; id: string }>({
      query: ({ workspaceId, id }) => ({
        url: `${feedsOf(workspaceId)}/${encodeURIComponent(id)}/refresh`,
        method: 'POST',
      }),
      // Success or failure, the feed's status and its busy time may have changed.
      invalidatesTags: (_result, error, { workspaceId }) => [
        ...calendarTags(workspaceId),
        ...(error ? [{ type: 'Feed' as const, id: workspaceId }] : []),
      ],
      onQueryStarted: async ({ workspaceId, id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(putFeed(workspaceId, id, data));
      },
    }),
    listFeedTokens: build.query<FeedToken[], string>({
      query: (workspaceId) => tokensOf(workspaceId),
      providesTags: (_result, _error, workspaceId) => [{ type: 'FeedToken', id: workspaceId }],
    }),
    createFeedToken: build.mutation<FeedTokenCreated, { workspaceId: string; token: FeedTokenCreate }>({
      query: ({ workspaceId, token }) => ({ url: tokensOf(workspaceId), method: 'POST', body: token }),
      invalidatesTags: (_result, error, { workspaceId }) => (error ? [] : [{ type: 'FeedToken', id: workspaceId }]),
    }),
    revokeFeedToken: build.mutation<void, { workspaceId: string; id: string }>({
      query: ({ workspaceId, id }) => ({ url: `${tokensOf(workspaceId)}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { workspaceId }) => [{ type: 'FeedToken', id: workspaceId }],
    }),
    /** Imported busy time of a range, as FullCalendar background events (the server expands the feeds). */
    getBusy: build.query<BusyEvent[], BusyRangeArgs>({
      query: ({ workspaceId, start, end }) => `${ws(workspaceId)}/calendar/busy?${new URLSearchParams({ start, end })}`,
      providesTags: (_result, _error, { workspaceId }) => [{ type: 'Busy', id: workspaceId }],
      keepUnusedDataFor: 300,
    }),
  }),
});

/** Puts a feed into the workspace's cached list (or takes it out when `feed` is null). */
export function putFeed(workspaceId: string, id: string, feed: Feed | null) {
  return feedsApi.util.updateQueryData('listFeeds', workspaceId, (list) => {
    const rest = list.filter((f) => f.id !== id);
    return feed ? [...rest, feed].sort(byName) : rest;
  });
}

export const {
  useListFeedsQuery,
  useCreateFeedMutation,
  useUpdateFeedMutation,
  useDeleteFeedMutation,
  useRefreshFeedMutation,
  useListFeedTokensQuery,
  useCreateFeedTokenMutation,
  useRevokeFeedTokenMutation,
  useGetBusyQuery,
} = feedsApi;
