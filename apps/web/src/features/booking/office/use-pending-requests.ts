import { can, type Role } from '@fieldplan/shared';
import { useMemo } from 'react';
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

const none: ReadonlySet<string> = new Set();

/**
 * The jobs of booking requests waiting for a decision, so the board can mark them (dashed, "Request").
 * The calendar feed doesn't carry a job's request; this list is live and already read for the badge.
 */
export function usePendingRequestJobIds(workspaceId: string, role: Role): ReadonlySet<string> {
  const allowed = can(role, 'booking.manage');
  const { data } = useBookingRequestsQuery({ workspaceId, status: 'pending' }, { skip: !allowed });
  return useMemo(() => {
    const ids = (data?.items ?? []).flatMap((r) => (r.jobId ? [r.jobId] : []));
    return ids.length === 0 ? none : new Set(ids);
  }, [data]);
}
