import type { JobStatus } from '@fieldplan/shared';
import { defineMessages, type MessageDescriptor } from 'react-intl';

// The web's words for a job's statuses, its status buttons and its priority (docs/TRANSLATING.md):
// the shared package's English labels (jobStatusLabel, statusActionLabel) stay for the server.

/** A status as a screen names it: "Unscheduled", "En route". */
export const jobStatusMessages: Record<JobStatus, MessageDescriptor> = defineMessages({
  unscheduled: { id: 'entities.jobStatus.unscheduled' },
  scheduled: { id: 'entities.jobStatus.scheduled' },
  en_route: { id: 'entities.jobStatus.enRoute' },
  in_progress: { id: 'entities.jobStatus.inProgress' },
  completed: { id: 'entities.jobStatus.completed' },
  cancelled: { id: 'entities.jobStatus.cancelled' },
});

const actionMessages: Record<JobStatus | 'reopen', MessageDescriptor> = defineMessages({
  unscheduled: { id: 'entities.jobStatusAction.unschedule' },
  scheduled: { id: 'entities.jobStatusAction.schedule' },
  en_route: { id: 'entities.jobStatusAction.onMyWay' },
  in_progress: { id: 'entities.jobStatusAction.startWork' },
  completed: { id: 'entities.jobStatusAction.complete' },
  cancelled: { id: 'entities.jobStatusAction.cancelJob' },
  reopen: { id: 'entities.jobStatusAction.reopen' },
});

/** The button that moves a visit from `from` to `to` (the words of shared's statusActionLabel). */
export function statusActionMessage(from: JobStatus, to: JobStatus): MessageDescriptor {
  if (to === 'scheduled' && (from === 'completed' || from === 'cancelled')) return actionMessages.reopen;
  return actionMessages[to];
}

export const priorityMessages: Record<'short' | 'full', MessageDescriptor> = defineMessages({
  /** A priority in a list to pick from: "P1 · most urgent", "P3", "P5 · whenever". */
  short: { id: 'entities.jobPriority.short' },
  /** A priority named in full: "Priority 3". */
  full: { id: 'entities.jobPriority.full' },
});
