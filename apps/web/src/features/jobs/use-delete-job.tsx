import type { EditScope, Job } from '@fieldplan/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/use-toast';
import { useDeleteJobMutation } from '../../entities/job/mutations';
import { ScopeDialog } from '../../entities/job/ScopeDialog';
import { problemMessage, toProblem } from '../../lib/problem';

/** Delete with the right question: "this / following / all" for a series, "are you sure" otherwise. */
export function useDeleteJob(workspaceId: string, onDeleted: () => void) {
  const [target, setTarget] = useState<{ job: Job; occurrence: string | null } | null>(null);
  const [remove, { isLoading }] = useDeleteJobMutation();
  const toast = useToast();

  const run = async (scope: EditScope | undefined) => {
    if (!target) return;
    const { job, occurrence } = target;
    try {
      await remove({
        workspaceId,
        id: job.id,
        version: job.version,
        scope,
        occurrence: scope ? occurrence : null,
      }).unwrap();
      setTarget(null);
      toast({
        tone: 'success',
        message: scope === 'this' ? `Deleted one occurrence of “${job.title}”` : `Deleted “${job.title}”`,
      });
      onDeleted();
    } catch (error) {
      setTarget(null);
      toast({ tone: 'error', message: problemMessage(toProblem(error)) });
    }
  };

  const recurring = Boolean(target?.job.rrule && target.occurrence);
  const dialog = (
    <>
      <ScopeDialog
        open={target !== null && recurring}
        action="delete"
        title={target?.job.title ?? ''}
        onCancel={() => setTarget(null)}
        onChoose={(scope) => void run(scope)}
      />
      <ConfirmDialog
        open={target !== null && !recurring}
        title={`Delete “${target?.job.title ?? ''}”?`}
        description={
          target?.job.rrule
            ? 'Every occurrence of this series will be removed.'
            : 'The job is removed from the calendar and the queue.'
        }
        confirmLabel="Delete job"
        busy={isLoading}
        onCancel={() => setTarget(null)}
        onConfirm={() => void run(undefined)}
      />
    </>
  );
  return { ask: (job: Job, occurrence: string | null) => setTarget({ job, occurrence }), dialog };
}
