import type { BusyEvent } from '@fieldplan/shared';
import { useGetBusyQuery } from '../../entities/feed/endpoints';

const none: BusyEvent[] = [];

/**
 * Busy time from subscribed calendars in the visible range (the server fetches and expands the
 * feeds; the browser never does). Refetched when a feed changes (the `Busy` tag, realtime included).
 */
export function useVisibleBusy(workspaceId: string, range: { start: string; end: string }): BusyEvent[] {
  const query = useGetBusyQuery({ workspaceId, ...range });
  // An empty answer is `none` too: a new empty array would be a changed event source, and
  // FullCalendar renders every row again for it.
  const busy = query.currentData;
  return busy && busy.length > 0 ? busy : none;
}
