import { can, type EditScope, type Job, type JobPatch } from '@fieldplan/shared';
import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useAppDispatch } from '../../base/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Drawer } from '../../components/Drawer';
import { EmptyState } from '../../components/EmptyState';
import { NotAllowed } from '../../components/NotAllowed';
import { Loading, Skeleton } from '../../components/Skeleton';
import { applyJobChange, eventContextOf } from '../../entities/job/apply-job-change';
import { ConflictDialog } from '../../entities/job/ConflictDialog';
import { type Conflict, conflictOf, theirSnapshot } from '../../entities/job/conflict';
import { useGetJobQuery } from '../../entities/job/endpoints';
import { useUpdateJobMutation } from '../../entities/job/mutations';
import { Message, useIntl } from '../../lib/i18n';
import { JobForm, type JobFormApi } from './JobForm';
import { type JobFormValues, startDateOf, toFormValues } from './job-form-schema';
import { apiFields, occurrenceFields, toPatch } from './job-payload';
import { visitOf } from './occurrence';
import { ruleToRecurrence } from './recurrence-form';
import { useJobPanel } from './use-job-panel';
import { useScopeQuestion } from './use-scope-question';

interface Attempt {
  patch: JobPatch;
  scope: EditScope | undefined;
  values: JobFormValues;
  form: JobFormApi;
}

/** `/w/:slug/jobs/:id/edit`: the job form for a job, a series, or one visit of a series. */
export function JobEditPanel() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const { workspaceId, role, settings, members, links, navigate, toast, problem, technicians } = useJobPanel();
  const dispatch = useAppDispatch();
  const scopes = useScopeQuestion();
  const [update, { isLoading }] = useUpdateJobMutation();
  const [conflict, setConflict] = useState<(Conflict & { attempt: Attempt }) | null>(null);
  const { data: latest, isLoading: loading } = useGetJobQuery({ workspaceId, id });
  // The form edits the job as it was when opened: a change saved meanwhile (arriving live) doesn't
  // reset what the user typed; saving then meets 412 and the conflict dialog lets them choose.
  const [base, setBase] = useState<Job | null>(null);
  if (latest && (!base || base.id !== latest.id)) setBase(latest);
  const job = base?.id === id ? base : null;
  const changedElsewhere = Boolean(job && latest && latest.version > job.version);
  const zone = settings.timeZone;
  const ctx = useMemo(() => eventContextOf(settings, members), [settings, members]);
  const occurrence = links.search.get('occurrence');
  const visit = useMemo(() => (job && ctx ? visitOf(job, occurrence, ctx) : null), [job, occurrence, ctx]);
  const defaults = useMemo(() => {
    if (!job || !visit) return null;
    const values = toFormValues(job, zone, { start: visit.start, end: visit.end });
    const startDate = startDateOf(values);
    return {
      ...values,
      assigneeIds: visit.assigneeIds,
      recurrence: ruleToRecurrence(job.rrule, startDate ?? 0, zone),
    };
  }, [job, visit, zone]);
  const close = () => navigate(links.job(id, occurrence));

  if (loading || !defaults || !job || !visit) {
    return (
      <Drawer title={intl.formatMessage({ id: 'jobs.edit.title' })} onClose={close}>
        {loading ? (
          <Loading label={intl.formatMessage({ id: 'jobs.edit.loading' })}>
            <Skeleton width="60%" height={18} />
          </Loading>
        ) : (
          <EmptyState icon="inbox" title={intl.formatMessage({ id: 'jobs.edit.goneTitle' })}>
            <Message id="jobs.edit.goneBody" />
          </EmptyState>
        )}
      </Drawer>
    );
  }
  if (!can(role, 'schedule.write')) {
    return (
      <Drawer title={intl.formatMessage({ id: 'jobs.edit.title' })} onClose={close}>
        <NotAllowed
          icon="calendar"
          title={{ id: 'jobs.edit.forbiddenTitle' }}
          hint={{ id: 'jobs.edit.forbiddenBody' }}
        />
      </Drawer>
    );
  }

  const send = async ({ patch, scope, values, form }: Attempt, version: number) => {
    problem.clear();
    try {
      const change = await update({
        workspaceId,
        id,
        version,
        patch,
        scope,
        occurrence: scope ? visit.occurrenceKey : null,
      }).unwrap();
      toast({
        tone: 'success',
        message: intl.formatMessage({ id: 'jobs.edit.saved' }, { title: values.title.trim() }),
      });
      const created = change.jobs.find((j) => j.id !== id);
      form.reset(values);
      const saved = change.jobs.find((j) => j.id === id);
      if (saved) setBase(saved);
      await navigate(
        created ? links.job(created.id, null) : links.job(id, scope === 'this' ? visit.occurrenceKey : null),
        { replace: true },
      );
    } catch (error) {
      const found = conflictOf(error);
      if (found) setConflict({ ...found, attempt: { patch, scope, values, form } });
      else problem.report(error, form);
    }
  };

  const onSubmit = async (values: JobFormValues, form: JobFormApi) => {
    const patch = toPatch(values, defaults, zone);
    if (Object.keys(patch).length === 0) {
      toast({
        tone: 'info',
        message: intl.formatMessage({ id: 'jobs.edit.nothingChanged' }),
      });
      await navigate(links.job(id, occurrence));
      return;
    }
    let scope: EditScope | undefined;
    if (job.rrule && visit.occurrenceKey) {
      const seriesOnly = Object.keys(patch).some((k) => !occurrenceFields.has(k as keyof JobPatch));
      const answer = await scopes.ask({
        action: 'edit',
        title: job.title,
        disabled: seriesOnly
          ? {
              this: intl.formatMessage({ id: 'jobs.edit.scopeThisDisabled' }),
            }
          : {},
      });
      if (!answer) return;
      scope = answer;
    } else if (job.rrule) scope = 'all';
    await send({ patch, scope, values, form }, job.version);
  };

  const mine = conflict ? apiFields(conflict.attempt.values, zone) : null;
  return (
    <Drawer
      title={intl.formatMessage({ id: 'jobs.edit.title' })}
      subtitle={visit.occurrenceKey ? intl.formatMessage({ id: 'jobs.edit.oneVisit' }) : undefined}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>
            <Message id="jobs.edit.cancel" />
          </Button>
          <Button type="submit" form="job-form" variant="primary" loading={isLoading}>
            <Message id="jobs.edit.save" />
          </Button>
        </>
      }
    >
      {changedElsewhere && !conflict && (
        <Alert tone="info" title={intl.formatMessage({ id: 'jobs.edit.changedTitle' })}>
          <Message id="jobs.edit.changedBody" />
        </Alert>
      )}
      <JobForm
        key={`${job.id}:${job.version}`}
        id="job-form"
        workspaceId={workspaceId}
        zone={zone}
        technicians={technicians}
        defaultValues={defaults}
        workingHours={settings.workingHours}
        message={problem.message}
        visit={{ eventId: eventIdOf(job.id, visit.occurrenceKey), jobId: job.id }}
        onSubmit={onSubmit}
      />
      {scopes.dialog}
      {conflict && mine && ctx && (
        <ConflictDialog
          open
          mine={{
            title: mine.title,
            start: mine.start,
            end: mine.end,
            allDay: mine.allDay,
            assigneeIds: mine.assigneeIds,
          }}
          theirs={theirSnapshot(conflict.current, visit.occurrenceKey, ctx)}
          theirVersion={conflict.currentVersion}
          zone={zone}
          names={new Map(members.map((m) => [m.id, m.name]))}
          busy={isLoading}
          onReload={() => {
            dispatch(applyJobChange(workspaceId, { entity: 'job', action: 'updated', data: conflict.current }));
            setBase(conflict.current);
            setConflict(null);
            toast({
              tone: 'info',
              message: intl.formatMessage({ id: 'jobs.edit.showingTheirs' }),
            });
          }}
          onKeepMine={() => {
            const { attempt, currentVersion } = conflict;
            setConflict(null);
            void send(attempt, currentVersion);
          }}
        />
      )}
    </Drawer>
  );
}

/** The calendar feed's id of a visit: the job's, or `jobId:key` (the occurrence's start in ms). */
const eventIdOf = (jobId: string, occurrenceKey: string | null) =>
  occurrenceKey === null ? jobId : `${jobId}:${Date.parse(occurrenceKey)}`;
