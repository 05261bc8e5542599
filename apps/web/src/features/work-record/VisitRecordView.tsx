import type { Checklist, ChecklistAnswer } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import type { VisitRecord, VisitRef } from '../../entities/record/types';
import { Message, t, useIntl } from '../../lib/i18n';
import { UploadedPhoto } from './UploadedPhoto';

/** A moment in the workspace's zone (the office and the report read the visit's local times). */
const stamp = (iso: string, timeZone: string | undefined) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** An answer as text: ticked boxes, numbers with their unit, "—" for none. */
function answerText(item: Checklist['items'][number], answer: ChecklistAnswer | undefined): string {
  if (answer === undefined || answer === null || answer === '') return '—';
  if (typeof answer === 'boolean') return answer ? t({ id: 'workRecord.view.yes' }) : t({ id: 'workRecord.view.no' });
  if (typeof answer === 'number') return item.unit ? `${answer} ${item.unit}` : String(answer);
  return answer;
}

/** What the office reads of a visit's record (the job panel and the printed report): all of it, as text. */
export function VisitRecordView({
  record,
  timeZone,
  headingLevel = 3,
  editPhotosOf,
}: {
  record: VisitRecord;
  /** The workspace's zone; undefined: the browser's. */
  timeZone?: string | undefined;
  headingLevel?: 2 | 3;
  /** The office's panel: this visit's photo captions can be changed and photos deleted (not on the report). */
  editPhotosOf?: VisitRef | undefined;
}) {
  const intl = useIntl();
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const empty =
    record.notes.length === 0 && record.photos.length === 0 && record.checklists.length === 0 && !record.signature;
  if (empty)
    return (
      <p className="vr-empty">
        <Message id="workRecord.view.empty" />
      </p>
    );
  return (
    <div className="vr">
      {record.notes.length > 0 && (
        <section aria-label={intl.formatMessage({ id: 'workRecord.view.notes' })}>
          <H>
            <Message id="workRecord.view.notes" />
          </H>
          <ul className="plain-list vr-notes">
            {record.notes.map((note) => (
              <li key={note.id}>
                <p className="vr-note-body">{note.body}</p>
                <p className="vr-meta">
                  {note.authorName} · {stamp(note.createdAt, timeZone)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {record.photos.length > 0 && (
        <section aria-label={intl.formatMessage({ id: 'workRecord.view.photos' })}>
          <H>
            <Message id="workRecord.view.photos" />
          </H>
          <ul className="plain-list vr-photos">
            {record.photos.map((photo) => (
              <UploadedPhoto
                key={photo.id}
                visit={editPhotosOf ?? { workspaceId: '', jobId: record.jobId, occurrence: record.occurrence }}
                photo={photo}
                editable={editPhotosOf !== undefined}
                captionClass="vr-caption"
                width={photo.width >= photo.height ? 160 : 120}
                height={photo.width >= photo.height ? 120 : 160}
              />
            ))}
          </ul>
        </section>
      )}
      {record.checklists.map((checklist) => (
        <section key={checklist.templateId} aria-label={checklist.name}>
          <H>{checklist.name}</H>
          <dl className="vr-answers">
            {checklist.items.map((item) => (
              <div key={item.id}>
                <dt>
                  {item.label}
                  {item.required && (
                    <span className="vr-required">
                      {' '}
                      <Message id="workRecord.required.mark" />
                    </span>
                  )}
                </dt>
                <dd>
                  {item.kind === 'check' && checklist.answers[item.id] === true && <Icon name="check" size={14} />}
                  {answerText(item, checklist.answers[item.id])}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {record.signature && (
        <section aria-label={intl.formatMessage({ id: 'workRecord.view.signature' })}>
          <H>
            <Message id="workRecord.view.signature" />
          </H>
          <img
            className="vr-signature"
            src={record.signature.imageUrl}
            alt={intl.formatMessage({ id: 'workRecord.signature.alt' }, { name: record.signature.name })}
            width={240}
            height={100}
          />
          <p className="vr-meta">
            <Message
              id="workRecord.view.signedBy"
              values={{
                name: record.signature.name,
                time: stamp(record.signature.signedAt, timeZone),
                technician: record.signature.technicianName,
              }}
            />
          </p>
        </section>
      )}
    </div>
  );
}
