import { instantToWall, type WorkingHours } from '@fieldplan/shared';
import { useCallback, useState } from 'react';
import { readPreference, writePreference } from '../../lib/user-preference';

/** The hours a day or week grid shows, as FullCalendar durations (`HH:MM:SS`, up to `24:00:00`). */
export interface HourSpan {
  min: string;
  max: string;
}

export const fullDaySpan: HourSpan = { min: '00:00:00', max: '24:00:00' };
const hourMs = 3_600_000;
const dayMs = 86_400_000;
const hhmm = (hours: number) => `${String(hours).padStart(2, '0')}:00:00`;
const hoursOf = (time: string) => Number(time.slice(0, 2)) + Number(time.slice(3, 5)) / 60;

/**
 * The working day on whole hours, widened to take in every timed visit of the range (a 06:00 job
 * on a 07:00–19:00 workspace still shows): the day views open on that span instead of 24 h.
 * Visits are instants (ms); all-day ones don't count; one crossing midnight shows the whole day.
 */
export function workingSpan(
  hours: Pick<WorkingHours, 'start' | 'end'>,
  visits: readonly { start: number; end: number; allDay: boolean }[],
  zone: string,
): HourSpan {
  let min = Math.floor(hoursOf(hours.start));
  let max = Math.ceil(hoursOf(hours.end));
  if (max <= min) return fullDaySpan;
  for (const v of visits) {
    if (v.allDay) continue;
    const start = instantToWall(zone, v.start);
    const end = instantToWall(zone, v.end);
    const day = Math.floor(start / dayMs) * dayMs;
    if (end - day > dayMs) return fullDaySpan;
    min = Math.min(min, Math.floor((start - day) / hourMs));
    max = Math.max(max, Math.ceil((end - day) / hourMs));
  }
  return { min: hhmm(min), max: hhmm(max) };
}

/** Whether this user last chose the whole 24 h over the working hours (remembered in this browser). */
export function useFullDay(userId: string): [boolean, (fullDay: boolean) => void] {
  const [fullDay, setFullDay] = useState(() => readPreference('calendar.fullDay', userId) === true);
  const choose = useCallback(
    (next: boolean) => {
      setFullDay(next);
      writePreference('calendar.fullDay', userId, next);
    },
    [userId],
  );
  return [fullDay, choose];
}
