import type { EditScope, Job } from '@fieldplan/shared';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/use-toast';
import { useDeleteJobMutation } from '../../entities/job/mutations';
import { ScopeDialog } from '../../entities/job/ScopeDialog';
import { useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';

/** Delete with the right question: "this / following / all" for a series, "are you sure" otherwise. */
export function useDeleteJob(workspaceId: string, onDeleted: () => void) {
  const intl = useIntl();
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
        message:
          scope === 'this'
            ? intl.formatMessage({ id: 'jobs.delete.deletedOccurrence' }, { title: job.title })
            : intl.formatMessage({ id: 'jobs.delete.deleted' }, { title: job.title }),
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
        title={intl.formatMessage({ id: 'jobs.delete.confirmTitle' }, { title: target?.job.title ?? '' })}
        description={
          target?.job.rrule
            ? intl.formatMessage({ id: 'jobs.delete.seriesBody' })
            : intl.formatMessage({ id: 'jobs.delete.body' })
        }
        confirmLabel={intl.formatMessage({ id: 'jobs.delete.confirm' })}
        busy={isLoading}
        onCancel={() => setTarget(null)}
        onConfirm={() => void run(undefined)}
      />
    </>
  );
  return { ask: (job: Job, occurrence: string | null) => setTarget({ job, occurrence }), dialog };
}
