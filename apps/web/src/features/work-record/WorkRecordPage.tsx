import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Skeleton } from '../../components/Skeleton';
import { statusActionMessage } from '../../entities/job/status-messages';
import { useVisitRecordQuery } from '../../entities/record/endpoints';
import { sameVisit, type VisitRef } from '../../entities/record/types';
import { useWorkspace } from '../../entities/workspace/use-workspace';
import { Message, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';
import { useDocumentTitle } from '../../lib/use-document-title';
import { localDate, nextWorkingStep, pendingStatus, RefusedChange, useGetMyDayQuery, useStatusQueue } from '../my-day';
import { ChecklistCard } from './ChecklistSection';
import { mergeRecord } from './merge';
import { NotesSection } from './NotesSection';
import { OutboxState } from './OutboxState';
import { PhotosSection } from './PhotosSection';
import { visitOf } from './record-outbox';
import { type Missing, missingForCompletion } from './required';
import { SignatureSection } from './SignatureSection';
import { useRecordOutbox, waitingSentence } from './use-record-outbox';
import './WorkRecord.css';

/**
 * `/w/:slug/my-day/visit/:jobId?occurrence=…&date=…`: a visit's work record on the technician's phone
 * (docs/PRODUCT.md, "The phone's work record"). Every write goes to the outbox first, so all of it works offline.
 */
export function WorkRecordPage() {
  const intl = useIntl();
  const { workspaceId, slug, role, membership } = useWorkspace();
  const { jobId = '' } = useParams();
  const [params] = useSearchParams();
  const occurrence = params.get('occurrence') || null;
  const date = params.get('date') ?? localDate(new Date());
  const visit: VisitRef = useMemo(() => ({ workspaceId, jobId, occurrence }), [workspaceId, jobId, occurrence]);
  const { data: record, error, isLoading } = useVisitRecordQuery(visit);
  const { data: day } = useGetMyDayQuery({ workspaceId, date });
  const outbox = useRecordOutbox(workspaceId);
  const status = useStatusQueue(workspaceId);
  const [missing, setMissing] = useState<Missing[]>([]);

  const dayVisit = day?.visits.find((v) => sameVisit(v, visit));
  useDocumentTitle(
    dayVisit
      ? intl.formatMessage({ id: 'workRecord.page.title' }, { title: dayVisit.title })
      : intl.formatMessage({ id: 'workRecord.page.titleNone' }),
  );
  const shown = mergeRecord(record, outbox.items, visit);
  const visitItems = outbox.items.filter((i) => sameVisit(visitOf(i.payload), visit));
  const waiting = waitingSentence(visitItems);
  const otherRefusals = visitItems.filter(
    (i) => i.failure && (i.payload.type === 'answers' || i.payload.type === 'signature'),
  );
  const statusChanges = dayVisit ? status.changes.filter((c) => c.visitId === dayVisit.id) : [];
  const currentStatus = dayVisit ? (pendingStatus(status.changes, dayVisit.id) ?? dayVisit.status) : null;
  const step =
    dayVisit && currentStatus
      ? nextWorkingStep(
          { status: currentStatus, start: dayVisit.start, assigneeIds: dayVisit.assigneeIds },
          { role, memberId: membership.memberId },
        )
      : null;
  // A visit can always be signed; a checklist may require it.
  const signatureRule = shown.checklists.some((c) => c.signature === 'required') ? 'required' : 'optional';
  const errorsOf = (templateId: string) =>
    Object.fromEntries(
      missing
        .filter((m) => m.path.startsWith(`checklists.${templateId}.`))
        .map((m) => [m.path.slice(`checklists.${templateId}.`.length), m.message]),
    );

  const complete = () => {
    if (!dayVisit || !step) return;
    const left = step.status === 'completed' ? missingForCompletion(shown.checklists, shown.signature !== null) : [];
    setMissing(left);
    if (left.length > 0) return;
    status.add({
      workspaceId,
      jobId: dayVisit.jobId,
      visitId: dayVisit.id,
      occurrence: dayVisit.occurrence,
      version: dayVisit.version,
      status: step.status,
      title: dayVisit.title,
    });
  };

  return (
    <div className="wr-page">
      <header className="wr-head">
        <Link className="wr-back" to={`/w/${slug}/my-day${date === localDate(new Date()) ? '' : `?date=${date}`}`}>
          <Icon name="chevronLeft" size={18} /> <Message id="workRecord.page.back" />
        </Link>
        <h1>{dayVisit?.title ?? <Message id="workRecord.page.heading" />}</h1>
        {dayVisit?.customerName && <p className="wr-meta">{dayVisit.customerName}</p>}
        {waiting && (
          <p className="wr-sync" role="status">
            <Icon name="clock" size={16} /> {waiting}
          </p>
        )}
        {otherRefusals.map((item) => (
          <OutboxState key={item.id} item={item} onRemove={outbox.remove} />
        ))}
      </header>
      {isLoading ? (
        <div className="wr-section">
          <Skeleton height={20} width="40%" />
          <Skeleton height={80} />
        </div>
      ) : (
        !record &&
        error && (
          <Alert title={intl.formatMessage({ id: 'workRecord.page.loadFailed' })}>
            <Message id="workRecord.page.loadFailedText" values={{ problem: problemMessage(toProblem(error)) }} />
          </Alert>
        )
      )}
      <NotesSection visit={visit} notes={shown.notes} myId={membership.memberId} outbox={outbox} />
      <PhotosSection visit={visit} photos={record?.photos ?? []} pending={shown.pendingPhotos} outbox={outbox} />
      {shown.checklists.map((checklist) => (
        <ChecklistCard
          key={checklist.templateId}
          visit={visit}
          checklist={checklist}
          errors={errorsOf(checklist.templateId)}
          outbox={outbox}
        />
      ))}
      <SignatureSection
        visit={visit}
        rule={signatureRule}
        signature={shown.signature}
        outbox={outbox}
        error={missing.find((m) => m.path === 'signature')?.message}
      />
      {(step || statusChanges.length > 0) && (
        <section className="wr-section wr-complete" aria-label={intl.formatMessage({ id: 'workRecord.page.status' })}>
          {missing.length > 0 && (
            <Alert title={intl.formatMessage({ id: 'workRecord.page.cantComplete' })}>
              <ul>
                {missing.map((m) => (
                  <li key={m.path}>{m.message}</li>
                ))}
              </ul>
            </Alert>
          )}
          {statusChanges
            .filter((c) => c.failure)
            .map((c) => (
              <RefusedChange key={c.id} change={c} onDismiss={status.dismiss} />
            ))}
          {step && (
            <Button variant="primary" className="wr-advance" onClick={complete}>
              {currentStatus && intl.formatMessage(statusActionMessage(currentStatus, step.status))}
            </Button>
          )}
        </section>
      )}
    </div>
  );
}
