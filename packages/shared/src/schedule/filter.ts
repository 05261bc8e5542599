import { unassignedResourceId } from '../schemas/calendar.js';
import type { JobStatus } from '../schemas/jobs.js';
import type { Visit } from './visit.js';

/** The calendar's filters: one technician (or `unassignedResourceId`), and statuses (none: all). */
export interface VisitFilter {
  technicianId?: string | null | undefined;
  statuses?: readonly JobStatus[] | undefined;
}

/** Whether a visit passes the filters. */
export function matchesFilter(visit: Pick<Visit, 'status' | 'assigneeIds'>, filter: VisitFilter): boolean {
  const { statuses, technicianId } = filter;
  if (statuses && statuses.length > 0 && !statuses.includes(visit.status)) return false;
  if (!technicianId) return true;
  const ids = visit.assigneeIds;
  return technicianId === unassignedResourceId ? ids.length === 0 : ids.includes(technicianId);
}
