import type { JobStatus } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';

// The web's words for a job's statuses, its status buttons and its priority (docs/TRANSLATING.md):
// the shared package's English labels (jobStatusLabel, statusActionLabel) stay for the server.

/** A status as a screen names it: "Unscheduled", "En route". */
export const jobStatusMessages: Record<JobStatus, MessageDescriptor> = defineMessages({
  unscheduled: { id: 'entities.jobStatus.unscheduled', defaultMessage: 'Unscheduled' },
  scheduled: { id: 'entities.jobStatus.scheduled', defaultMessage: 'Scheduled' },
  en_route: { id: 'entities.jobStatus.enRoute', defaultMessage: 'En route' },
  in_progress: { id: 'entities.jobStatus.inProgress', defaultMessage: 'In progress' },
  completed: { id: 'entities.jobStatus.completed', defaultMessage: 'Completed' },
  cancelled: { id: 'entities.jobStatus.cancelled', defaultMessage: 'Cancelled' },
});

const actionMessages: Record<JobStatus | 'reopen', MessageDescriptor> = defineMessages({
  unscheduled: { id: 'entities.jobStatusAction.unschedule', defaultMessage: 'Unschedule' },
  scheduled: { id: 'entities.jobStatusAction.schedule', defaultMessage: 'Schedule' },
  en_route: { id: 'entities.jobStatusAction.onMyWay', defaultMessage: 'On my way' },
  in_progress: { id: 'entities.jobStatusAction.startWork', defaultMessage: 'Start work' },
  completed: { id: 'entities.jobStatusAction.complete', defaultMessage: 'Complete' },
  cancelled: { id: 'entities.jobStatusAction.cancelJob', defaultMessage: 'Cancel job' },
  reopen: { id: 'entities.jobStatusAction.reopen', defaultMessage: 'Reopen' },
});

/** The button that moves a visit from `from` to `to` (the words of shared's statusActionLabel). */
export function statusActionMessage(from: JobStatus, to: JobStatus): MessageDescriptor {
  if (to === 'scheduled' && (from === 'completed' || from === 'cancelled')) return actionMessages.reopen;
  return actionMessages[to];
}

export const priorityMessages: Record<'short' | 'full', MessageDescriptor> = defineMessages({
  /** A priority in a list to pick from: "P1 · most urgent", "P3", "P5 · whenever". */
  short: {
    id: 'entities.jobPriority.short',
    defaultMessage: '{priority, plural, =1 {P1 · most urgent} =5 {P5 · whenever} other {P#}}',
  },
  /** A priority named in full: "Priority 3". */
  full: { id: 'entities.jobPriority.full', defaultMessage: 'Priority {priority}' },
});
