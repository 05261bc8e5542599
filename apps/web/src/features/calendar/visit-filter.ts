import { type AreaGeometry, containsPoint } from '@fieldplan/shared';

/** Job priorities, 1 the most urgent. */
export const jobPriorities = [1, 2, 3, 4, 5] as const;

/** A priority from the URL; anything but 1–5 is no filter. */
export function parsePriority(value: string | null): number | null {
  return value !== null && /^[1-5]$/.test(value) ? Number(value) : null;
}

/**
 * The board's filters the calendar feed doesn't apply: one priority, and one service area (the job's
 * site inside the area's shape — a job without a site is in no area). `null`: no filter.
 */
export function inPriorityAndArea(
  job: { priority: number; lat: number | null; lng: number | null },
  priority: number | null,
  area: AreaGeometry | null,
): boolean {
  if (priority !== null && job.priority !== priority) return false;
  if (area === null) return true;
  return job.lat !== null && job.lng !== null && containsPoint(area, { lat: job.lat, lng: job.lng });
}
