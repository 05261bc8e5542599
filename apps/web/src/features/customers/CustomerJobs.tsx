import { describeRule } from '@fieldplan/shared';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { Panel } from '../../components/Panel';
import { Skeleton } from '../../components/Skeleton';
import { formatJobTime } from '../../entities/job/format-time';
import { StatusLabel } from '../../entities/job/job-status';
import { Message, useIntl } from '../../lib/i18n';
import { useCustomerJobsQuery } from './endpoints';

/** The customer's jobs, latest first, each opening over the board. */
export function CustomerJobs({
  workspaceId,
  customerId,
  slug,
  zone,
}: {
  workspaceId: string;
  customerId: string;
  slug: string;
  zone: string;
}) {
  const intl = useIntl();
  const { data, isLoading } = useCustomerJobsQuery({ workspaceId, id: customerId });
  return (
    <Panel
      title={<Message id="customers.jobs.title" />}
      description={data ? <Message id="customers.jobs.total" values={{ total: String(data.total) }} /> : undefined}
      flush
    >
      {isLoading && (
        <div className="customers-skeleton">
          <Skeleton height={16} />
          <Skeleton height={16} />
        </div>
      )}
      {data && data.items.length === 0 && (
        <EmptyState icon="calendar" title={intl.formatMessage({ id: 'customers.jobs.empty' })}>
          <Message id="customers.jobs.emptyHint" />
        </EmptyState>
      )}
      {data && data.items.length > 0 && (
        <ul className="customer-jobs">
          {data.items.map((job) => (
            <li key={job.id}>
              <Link to={`/w/${slug}/jobs/${job.id}`} className="customer-job-title">
                {job.title}
              </Link>
              <StatusLabel status={job.status} size={12} />
              <span className="customer-job-time">
                {formatJobTime(job.start, job.end, job.allDay, zone)}
                {job.rrule
                  ? ` · ${describeRule(job.rrule, zone) ?? intl.formatMessage({ id: 'customers.jobs.repeats' })}`
                  : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
