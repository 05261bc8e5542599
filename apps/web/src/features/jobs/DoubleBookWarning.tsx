import { formatDateOnly, type Member, parseDateOnly, wallToInstant } from '@fieldplan/shared';
import { useMemo } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { Icon } from '../../components/Icon';
import { useGetBusyQuery } from '../../entities/feed/endpoints';
import { useGetCalendarEventsQuery } from '../../entities/job/calendar-endpoints';
import { busyTimesOf } from '../../entities/job/calendar-patch';
import { Message } from '../../lib/i18n';
import { bookingOf, clashMessage, clashOf } from '../calendar';
import type { JobFormValues } from './job-form-schema';

const dayMs = 86_400_000;

/** A form's `datetime-local` value (wall time in `zone`) as an ISO instant; null when half-typed. */
function instantOf(value: string, zone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const wall = Date.parse(`${value.slice(0, 16)}:00Z`);
  return Number.isNaN(wall) ? null : new Date(wallToInstant(zone, wall)).toISOString();
}

/** The visit the form edits, as the calendar names it (a new job has none yet). */
export interface EditedVisit {
  eventId: string;
  jobId: string;
}

interface DoubleBookWarningProps {
  control: Control<JobFormValues>;
  workspaceId: string;
  zone: string;
  members: readonly Member[];
  visit: EditedVisit | null;
}

/**
 * Under the technicians: says, as the form is filled in, when the chosen technicians and time would
 * double-book someone — another job's visit or busy time from a subscribed calendar — with the
 * shared schedule model's rules (the same as the board's marks and the drop toast). Saving is
 * still allowed: a dispatcher may mean it.
 */
export function DoubleBookWarning({ control, workspaceId, zone, members, visit }: DoubleBookWarningProps) {
  const [start, end, allDay, assigneeIds] = useWatch({ control, name: ['start', 'end', 'allDay', 'assigneeIds'] });
  const startAt = allDay ? null : instantOf(start, zone);
  const endAt = allDay ? null : instantOf(end, zone);
  // The days the chosen time touches, in the workspace's dates (the feed's range, end exclusive).
  const from = parseDateOnly(start.slice(0, 10));
  const to = parseDateOnly(end.slice(0, 10));
  const range =
    from === null || to === null || to < from || to - from > 31 * dayMs
      ? null
      : { start: formatDateOnly(from), end: formatDateOnly(to + dayMs) };
  const skip = range === null || assigneeIds.length === 0 || startAt === null || endAt === null;
  const args = { workspaceId, start: range?.start ?? '', end: range?.end ?? '' };
  const visitsQuery = useGetCalendarEventsQuery({ ...args, technicianId: null, status: '' }, { skip });
  const busyQuery = useGetBusyQuery(args, { skip });
  const visits = skip ? undefined : visitsQuery.currentData;
  const busy = skip ? undefined : busyQuery.currentData;
  const message = useMemo(() => {
    if (!visits || startAt === null || endAt === null) return null;
    const eventId = visit?.eventId ?? 'new';
    const jobId = visit?.jobId ?? 'new';
    const mine = bookingOf(eventId, jobId, { start: startAt, end: endAt, allDay, assigneeIds }, visits);
    if (!mine) return null;
    const clash = clashOf(mine, visits, busyTimesOf(busy ?? [], zone));
    return clash ? clashMessage(clash, new Map(members.map((m) => [m.id, m.name]))) : null;
  }, [visits, busy, startAt, endAt, allDay, assigneeIds, visit, members, zone]);
  return (
    <div className="job-double-book" role="status">
      {message && (
        <p className="job-double-book-text">
          <Icon name="alert" size={14} />
          <Message id="jobs.doubleBook.stillSave" values={{ clash: message }} />
        </p>
      )}
    </div>
  );
}
