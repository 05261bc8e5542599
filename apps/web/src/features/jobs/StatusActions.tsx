import { allowedNextStatuses, type Job, type JobStatus, type Role } from '@fieldplan/shared';
import { useAppDispatch } from '../../base/hooks';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { statusActionMessage, statusIcon } from '../../entities/job';
import { applyJobChange } from '../../entities/job/apply-job-change';
import { conflictOf } from '../../entities/job/conflict';
import { useChangeJobStatusMutation } from '../../entities/job/mutations';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import type { Visit } from './occurrence';

interface StatusActionsProps {
  workspaceId: string;
  job: Job;
  visit: Visit;
  role: Role;
  memberId: string;
}

/** Buttons for the next allowed statuses; a stale version reloads the job and says so. */
export function StatusActions({ workspaceId, job, visit, role, memberId }: StatusActionsProps) {
  const intl = useIntl();
  const [change, { isLoading, originalArgs }] = useChangeJobStatusMutation();
  const dispatch = useAppDispatch();
  const toast = useToast();
  // The series as a whole (no occurrence chosen) can't take a visit's working states.
  const wholeSeries = job.rrule !== null && visit.occurrenceKey === null;
  const next = allowedNextStatuses({ ...visit, wholeSeries }, { role, memberId });
  if (next.length === 0) return null;

  const onClick = async (status: JobStatus) => {
    try {
      await change({ workspaceId, id: job.id, version: job.version, status, occurrence: visit.occurrenceKey }).unwrap();
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) {
        dispatch(applyJobChange(workspaceId, { entity: 'job', action: 'updated', data: conflict.current }));
        toast({
          tone: 'info',
          message: intl.formatMessage({ id: 'jobs.status.conflict' }),
        });
      } else toast({ tone: 'error', message: problemMessage(toProblem(error)) });
    }
  };

  return (
    <fieldset className="status-actions">
      <legend className="visually-hidden">
        <Message id="jobs.status.legend" />
      </legend>
      {next.map(({ status }, i) => (
        <Button
          key={status}
          size="sm"
          icon={statusIcon[status]}
          variant={status === 'cancelled' ? 'ghost' : i === 0 ? 'primary' : 'secondary'}
          loading={isLoading && originalArgs?.status === status}
          onClick={() => void onClick(status)}
        >
          {intl.formatMessage(statusActionMessage(visit.status, status))}
        </Button>
      ))}
    </fieldset>
  );
}
