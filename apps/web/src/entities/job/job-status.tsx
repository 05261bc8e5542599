import { type JobStatus, jobStatuses, jobStatusLabel } from '@fieldplan/shared';
import { Icon, type IconName } from '../../components/Icon';

/** Status by icon and words, never by colour alone (DESIGN.md). */
export const statusIcon: Record<JobStatus, IconName> = {
  unscheduled: 'inbox',
  scheduled: 'calendar',
  en_route: 'arrowRight',
  in_progress: 'play',
  completed: 'check',
  cancelled: 'ban',
};

export const statusText = (status: JobStatus) =>
  jobStatusLabel[status].charAt(0).toUpperCase() + jobStatusLabel[status].slice(1);

export const allStatuses = jobStatuses;

export function StatusLabel({ status, size = 14 }: { status: JobStatus; size?: number }) {
  return (
    <span className={`status status-${status}`}>
      <Icon name={statusIcon[status]} size={size} />
      {statusText(status)}
    </span>
  );
}
