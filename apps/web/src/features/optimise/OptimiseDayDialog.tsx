import { dayMs, formatDateOnly, type OptimiseDayPreview, parseDateOnly } from '@fieldplan/shared';
import { useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Loading, Skeleton } from '../../components/Skeleton';
import { useToast } from '../../components/use-toast';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { DayFigures } from './DayFigures';
import { useApplyOptimisedDayMutation, useOptimiseDayPreviewQuery } from './endpoints';
import { formatDay } from './format';
import { PlannedVisits } from './PlannedVisits';
import './Optimise.css';

interface OptimiseDayDialogProps {
  workspaceId: string;
  member: { id: string; name: string };
  /** The local date shown when the dialog opened (`2026-11-23`); the dialog can step to others. */
  date: string;
  zone: string;
  onClose: () => void;
}

const step = (date: string, days: number) => formatDateOnly((parseDateOnly(date) ?? 0) + days * dayMs);

/** The visits a plan moves, as the apply sends them: new times, each with the version planned against. */
export function movesOf(preview: OptimiseDayPreview) {
  return preview.visits
    .filter((v) => !v.fixed && v.start !== v.currentStart)
    .map((v) => ({ jobId: v.jobId, version: v.version, start: v.start, end: v.end }));
}

/**
 * "Optimise day" for one technician: today's drive beside the least-drive order of the
 * flexible visits, the visits in that order with what moves, and Apply — nothing changes before.
 */
export function OptimiseDayDialog({ workspaceId, member, date: initialDate, zone, onClose }: OptimiseDayDialogProps) {
  const intl = useIntl();
  const [date, setDate] = useState(initialDate);
  const args = { workspaceId, memberId: member.id, date };
  const preview = useOptimiseDayPreviewQuery(args, { refetchOnMountOrArgChange: true });
  const [apply, applying] = useApplyOptimisedDayMutation();
  // The plan was made against versions that have moved on: Apply waits for a new plan.
  const [stale, setStale] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const toast = useToast();
  const plan = preview.isFetching ? undefined : preview.currentData;
  const moves = plan ? movesOf(plan) : [];
  const canApply = plan !== undefined && plan.after !== null && moves.length > 0 && !stale;

  const planAgain = () => {
    setStale(false);
    setFailure(null);
    void preview.refetch();
  };
  const goTo = (next: string) => {
    setStale(false);
    setFailure(null);
    setDate(next);
  };
  /** The previous or the next day's button; its label is its tooltip too. */
  const dayStep = (days: -1 | 1, label: string) => (
    <Button
      size="sm"
      variant="ghost"
      icon={days < 0 ? 'chevronLeft' : 'chevronRight'}
      aria-label={label}
      title={label}
      onClick={() => goTo(step(date, days))}
    />
  );
  const onApply = async () => {
    if (!plan || !canApply) return;
    setFailure(null);
    try {
      await apply({ workspaceId, plan: { memberId: member.id, date, visits: moves } }).unwrap();
      toast({
        tone: 'success',
        message: intl.formatMessage({ id: 'optimise.dialog.applied' }, { name: member.name, count: moves.length }),
      });
      onClose();
    } catch (error) {
      const problem = toProblem(error);
      if (problem.status === 412 || problem.code === 'version_conflict') setStale(true);
      else setFailure(problemMessage(problem));
    }
  };

  return (
    <Dialog
      open
      size="wide"
      onClose={onClose}
      title={intl.formatMessage({ id: 'optimise.dialog.title' }, { name: member.name })}
      description={intl.formatMessage({ id: 'optimise.dialog.description' })}
      footer={
        <>
          <Button onClick={onClose}>
            <Message id="optimise.dialog.cancel" />
          </Button>
          <Button variant="primary" icon="route" disabled={!canApply} loading={applying.isLoading} onClick={onApply}>
            {moves.length > 0 && !stale ? (
              <Message id="optimise.dialog.applyMoves" values={{ count: moves.length }} />
            ) : (
              <Message id="optimise.dialog.apply" />
            )}
          </Button>
        </>
      }
    >
      <div className="opt-day-nav">
        {dayStep(-1, intl.formatMessage({ id: 'optimise.dialog.previousDay' }))}
        <p className="opt-day" aria-live="polite">
          {formatDay(date)}
        </p>
        {dayStep(1, intl.formatMessage({ id: 'optimise.dialog.nextDay' }))}
      </div>
      {stale && (
        <Alert title={intl.formatMessage({ id: 'optimise.dialog.staleTitle' })}>
          <p>
            <Message id="optimise.dialog.staleBody" />
          </p>
          <Button size="sm" variant="secondary" className="opt-again" onClick={planAgain}>
            <Message id="optimise.dialog.planAgain" />
          </Button>
        </Alert>
      )}
      {failure && <Alert>{failure}</Alert>}
      {preview.isFetching ? (
        <Loading label={intl.formatMessage({ id: 'optimise.dialog.planning' })}>
          <div className="opt-loading">
            <Skeleton height={64} />
            <Skeleton width="70%" />
            <Skeleton width="85%" />
            <Skeleton width="60%" />
          </div>
        </Loading>
      ) : preview.isError || !plan ? (
        <Alert title={intl.formatMessage({ id: 'optimise.dialog.failed' })}>
          <p>{problemMessage(toProblem(preview.error))}</p>
          <Button size="sm" variant="secondary" className="opt-again" onClick={planAgain}>
            <Message id="optimise.dialog.retry" />
          </Button>
        </Alert>
      ) : (
        <PlanView plan={plan} zone={zone} />
      )}
    </Dialog>
  );
}

function PlanView({ plan, zone }: { plan: OptimiseDayPreview; zone: string }) {
  return (
    <div className="opt-plan">
      {plan.notice && <Alert tone="info">{plan.notice}</Alert>}
      {plan.message && (
        <p className="opt-message" role="status">
          {plan.message}
        </p>
      )}
      {plan.visits.length > 0 && <DayFigures before={plan.before} after={plan.after} zone={zone} />}
      <PlannedVisits visits={plan.visits} planned={plan.after !== null} zone={zone} />
    </div>
  );
}
