import { can, type Role } from '@fieldplan/shared';
import { useBookingRequestsQuery } from './endpoints';

/**
 * How many booking requests wait for a decision (the nav badge), for those who decide them; 0 for
 * everyone else. Kept current by the `booking_request` live entity (live.ts).
 */
export function usePendingRequestCount(workspaceId: string, role: Role): number {
  const allowed = can(role, 'booking.manage');
  const { data } = useBookingRequestsQuery({ workspaceId, status: 'pending' }, { skip: !allowed });
  return allowed ? (data?.pendingCount ?? 0) : 0;
}
