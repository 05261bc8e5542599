import { useMemo, useRef } from 'react';
import type { CalendarVisit } from '../../entities/job/calendar-visit';
import { useGetTravelLegsQuery } from '../../entities/travel/endpoints';
import type { CalendarView } from './calendar-views';
import { sameMarkers, type TravelGapEvent, travelGapEvents } from './travel-gaps';

const none: TravelGapEvent[] = [];

/**
 * The travel markers of the day timeline: the server's drives for the visible range,
 * paired with the visits as they are now. Only the day timeline lays visits along the hours; the
 * week timeline stacks a day's jobs as chips, so it asks for nothing (and renders as before).
 */
export function useTravelGaps(
  workspaceId: string,
  view: CalendarView,
  range: { start: string; end: string },
  visits: readonly CalendarVisit[],
  zone: string,
): TravelGapEvent[] {
  const shown = view === 'resourceTimelineDay';
  const query = useGetTravelLegsQuery({ workspaceId, ...range }, { skip: !shown });
  const answer = shown ? query.currentData : undefined;
  const previous = useRef<TravelGapEvent[]>(none);
  return useMemo(() => {
    const next = sameMarkers(previous.current, answer ? travelGapEvents(visits, answer, zone) : none);
    previous.current = next;
    return next;
  }, [visits, answer, zone]);
}
