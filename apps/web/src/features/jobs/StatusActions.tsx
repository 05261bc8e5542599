import { can, type Job, type JobStatus, jobStatuses, type Role, statusTransitionIssue } from '@fieldplan/shared';
import { useAppDispatch } from '../../base/hooks';
import { Button } from '../../components/Button';
import { useToast } from '../../components/use-toast';
import { applyJobChange } from '../../entities/job/apply-job-change';
import { conflictOf } from '../../entities/job/conflict';
import { statusIcon } from '../../entities/job/job-status';
import { useChangeJobStatusMutation } from '../../entities/job/mutations';
import { problemMessage, toProblem } from '../../lib/problem';
import type { Visit } from './occurrence';

const actionLabel: Record<JobStatus, string> = {
  unscheduled: 'Unschedule',
  scheduled: 'Schedule',
  en_route: 'En route',
  in_progress: 'Start work',
  completed: 'Complete',
  cancelled: 'Cancel job',
};

/** The statuses this person may move the visit to next (docs/PRODUCT.md, "States and transitions" and "Roles and permissions"), as shared rules say. */
export function nextStatuses(visit: Visit, role: Role, memberId: string): JobStatus[] {
  const anyJob = can(role, 'job.status.any');
  if (!anyJob && !(can(role, 'job.status.own') && visit.assigneeIds.includes(memberId))) return [];
  const ready = visit.start !== null && visit.assigneeIds.length > 0;
  return jobStatuses.filter(
    (to) => to !== 'unscheduled' && statusTransitionIssue(visit.status, to, anyJob, ready) === null,
  );
}

interface StatusActionsProps {
  workspaceId: string;
  job: Job;
  visit: Visit;
  role: Role;
  memberId: string;
}

/** Buttons for the next allowed statuses; a stale version reloads the job and says so. */
export function StatusActions({ workspaceId, job, visit, role, memberId }: StatusActionsProps) {
  const [change, { isLoading, originalArgs }] = useChangeJobStatusMutation();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const next = nextStatuses(visit, role, memberId);
  if (next.length === 0) return null;
  const reopen = visit.status === 'completed' || visit.status === 'cancelled';

  const onClick = async (status: JobStatus) => {
    try {
      await change({ workspaceId, id: job.id, version: job.version, status, occurrence: visit.occurrenceKey }).unwrap();
    } catch (error) {
      const conflict = conflictOf(error);
      if (conflict) {
        dispatch(applyJobChange(workspaceId, { entity: 'job', action: 'updated', data: conflict.current }));
        toast({ tone: 'info', message: 'Someone else changed this job just now — here is their version. Try again.' });
      } else toast({ tone: 'error', message: problemMessage(toProblem(error)) });
    }
  };

  return (
    <fieldset className="status-actions">
      <legend className="visually-hidden">Change status</legend>
      {next.map((status) => (
        <Button
          key={status}
          size="sm"
          icon={statusIcon[status]}
          variant={status === 'cancelled' ? 'ghost' : status === next[0] ? 'primary' : 'secondary'}
          loading={isLoading && originalArgs?.status === status}
          onClick={() => void onClick(status)}
        >
          {status === 'scheduled' && reopen ? 'Reopen' : actionLabel[status]}
        </Button>
      ))}
    </fieldset>
  );
}
