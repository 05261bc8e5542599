import { can, type JobStatus, jobStatuses, type Role, statusTransitionIssue } from '@fieldplan/shared';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { useChangeJobStatusMutation } from '../../entities/job/mutations';
import { problemMessage, toProblem } from '../../lib/problem';
import type { MapJob } from './types';

const actionLabel: Record<JobStatus, string> = {
  unscheduled: 'Unschedule',
  scheduled: 'Schedule',
  en_route: 'En route',
  in_progress: 'Start work',
  completed: 'Complete',
  cancelled: 'Cancel',
};

/** Statuses this person may move the job to (docs/PRODUCT.md, "States and transitions" and "Roles and permissions"), by the shared rules. */
export function allowedStatuses(job: MapJob, role: Role, memberId: string): JobStatus[] {
  const anyJob = can(role, 'job.status.any');
  if (!anyJob && !(can(role, 'job.status.own') && job.assigneeIds.includes(memberId))) return [];
  const ready = job.assigneeIds.length > 0;
  return jobStatuses.filter(
    (to) => to !== 'unscheduled' && statusTransitionIssue(job.status, to, anyJob, ready) === null,
  );
}

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
  const toast = useToast();
  const next = allowedStatuses(job, role, memberId);
  if (next.length === 0) return null;
  const reopen = job.status === 'completed' || job.status === 'cancelled';
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
        toast({ tone: 'info', message: 'Someone else changed this job just now — the map shows their version.' });
      } else toast({ tone: 'error', message: problemMessage(problem) });
    }
  };
  return (
    <>
      {next.map((status) => (
        <Button
          key={status}
          size="sm"
          variant={status === 'cancelled' ? 'ghost' : status === next[0] ? 'primary' : 'secondary'}
          loading={isLoading && originalArgs?.status === status}
          onClick={() => void onClick(status)}
        >
          {status === 'scheduled' && reopen ? 'Reopen' : actionLabel[status]}
        </Button>
      ))}
    </>
  );
}
