import type { BusyEvent } from '@fieldplan/shared';
import { useGetBusyQuery } from '../../entities/feed/endpoints';

const none: BusyEvent[] = [];

/**
 * Busy time from subscribed calendars in the visible range (the server fetches and expands the
 * feeds; the browser never does). Refetched when a feed changes (the `Busy` tag, realtime included).
 */
export function useVisibleBusy(workspaceId: string, range: { start: string; end: string }): BusyEvent[] {
  const query = useGetBusyQuery({ workspaceId, ...range });
  return query.currentData ?? none;
}
