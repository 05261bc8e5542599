import { type JobStatus, jobStatuses } from '@fieldplan/shared';
import { Icon, type IconName } from '../../components/Icon';
import { t, useIntl } from '../../lib/i18n';
import { jobStatusMessages } from './status-messages';

/** Status by icon and words, never by colour alone (DESIGN.md). */
export const statusIcon: Record<JobStatus, IconName> = {
  unscheduled: 'inbox',
  scheduled: 'calendar',
  en_route: 'arrowRight',
  in_progress: 'play',
  completed: 'check',
  cancelled: 'ban',
};

/** A status's name in the page's language, for code outside React ("En route"). */
export const statusText = (status: JobStatus) => t(jobStatusMessages[status]);

export const allStatuses = jobStatuses;

export function StatusLabel({ status, size = 14 }: { status: JobStatus; size?: number }) {
  const intl = useIntl();
  return (
    <span className={`status status-${status}`}>
      <Icon name={statusIcon[status]} size={size} />
      {intl.formatMessage(jobStatusMessages[status])}
    </span>
  );
}
