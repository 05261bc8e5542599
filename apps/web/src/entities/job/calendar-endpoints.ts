import type { CalendarEvent } from '@fieldplan/shared';
import { api } from '../../base/api';
import { deepFreeze } from '../../lib/deep-freeze';
import { type CalendarVisit, calendarVisitOf } from './calendar-visit';

/** One cached range of the calendar feed: the cache key is exactly these fields. */
export interface CalendarRangeArgs {
  workspaceId: string;
  /** `YYYY-MM-DD` in the workspace zone (the server reads dates there), end exclusive. */
  start: string;
  end: string;
  technicianId: string | null;
  /** Comma-separated statuses, '' for all. */
  status: string;
}

export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The visits of a range: the feed's wire events, converted once as they arrive, so the cache
     * holds the shared model's visits. Writes don't invalidate it: `applyJobChange` edits every cached
     * range in place (the same path realtime changes take), so the calendar never refetches after a drag.
     */
    getCalendarEvents: build.query<CalendarVisit[], CalendarRangeArgs>({
      query: ({ workspaceId, start, end, technicianId, status }) => {
        const params = new URLSearchParams({ start, end });
        if (technicianId) params.set('technicianId', technicianId);
        if (status) params.set('status', status);
        return `/workspaces/${encodeURIComponent(workspaceId)}/calendar/events?${params}`;
      },
      // Frozen here, so the store's Immer skips its own walk of the 2,000 visits (lib/deep-freeze.ts).
      transformResponse: (events: CalendarEvent[]) => deepFreeze(events.map(calendarVisitOf)),
      providesTags: (_result, _error, { workspaceId }) => [{ type: 'CalendarEvents', id: workspaceId }],
      // Ranges paged away from stay a while, so paging back is instant and still patched live.
      keepUnusedDataFor: 300,
    }),
  }),
});

export const { useGetCalendarEventsQuery } = calendarApi;
