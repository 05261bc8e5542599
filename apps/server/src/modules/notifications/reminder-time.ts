import { instantToWall, wallToInstant } from '@fieldplan/shared';

const dayMs = 86_400_000;

/**
 * When the reminder of a visit starting at `start` goes out: `daysBefore` days before the visit's
 * local day, at `time` (HH:MM) in the workspace's zone. An all-day visit's start is already its date.
 */
export function reminderDueAt(start: number, allDay: boolean, zone: string, daysBefore: number, time: string): number {
  const wall = allDay ? start : instantToWall(zone, start);
  const day = Math.floor(wall / dayMs) * dayMs;
  const [h = 0, m = 0] = time.split(':').map(Number);
  return wallToInstant(zone, day - daysBefore * dayMs + (h * 60 + m) * 60_000);
}
