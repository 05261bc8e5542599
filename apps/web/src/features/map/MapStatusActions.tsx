import { allowedNextStatuses, type JobStatus, type Role } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { useChangeJobStatusMutation } from '../../entities/job/mutations';
import { statusActionMessage } from '../../entities/job/status-messages';
import { useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import type { MapJob } from './types';

interface MapStatusActionsProps {
  workspaceId: string;
  job: MapJob;
  role: Role;
  memberId: string;
  /** After a 412: reload what the map shows. */
  onStale: () => void;
}

/** Status buttons in a job's popup (`POST …/jobs/:id/status` with If-Match). */
export function MapStatusActions({ workspaceId, job, role, memberId, onStale }: MapStatusActionsProps) {
  const [change, { isLoading, originalArgs }] = useChangeJobStatusMutation();
  const intl = useIntl();
  const toast = useToast();
  const next = allowedNextStatuses(job, { role, memberId });
  if (next.length === 0) return null;
  const onClick = async (status: JobStatus) => {
    try {
      await change({
        workspaceId,
        id: job.jobId,
        version: job.version,
        status,
        occurrence: job.occurrenceKey,
      }).unwrap();
    } catch (error) {
      const problem = toProblem(error);
      if (problem.code === 'version_conflict') {
        onStale();
        toast({
          tone: 'info',
          message: intl.formatMessage({ id: 'map.status.stale' }),
        });
      } else toast({ tone: 'error', message: problemMessage(problem) });
    }
  };
  return (
    <>
      {next.map(({ status }, i) => (
        <Button
          key={status}
          size="sm"
          variant={status === 'cancelled' ? 'ghost' : i === 0 ? 'primary' : 'secondary'}
          loading={isLoading && originalArgs?.status === status}
          onClick={() => void onClick(status)}
        >
          {intl.formatMessage(statusActionMessage(job.status, status))}
        </Button>
      ))}
    </>
  );
}
