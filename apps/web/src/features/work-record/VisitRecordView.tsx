import type { Checklist, ChecklistAnswer } from '@fieldplan/shared';
import { Icon } from '../../components/Icon';
import type { VisitRecord, VisitRef } from '../../entities/record/types';
import { UploadedPhoto } from './UploadedPhoto';

/** A moment in the workspace's zone (the office and the report read the visit's local times). */
const stamp = (iso: string, timeZone: string | undefined) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** An answer as text: ticked boxes, numbers with their unit, "—" for none. */
function answerText(item: Checklist['items'][number], answer: ChecklistAnswer | undefined): string {
  if (answer === undefined || answer === null || answer === '') return '—';
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
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
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const empty =
    record.notes.length === 0 && record.photos.length === 0 && record.checklists.length === 0 && !record.signature;
  if (empty) return <p className="vr-empty">Nothing recorded on this visit yet.</p>;
  return (
    <div className="vr">
      {record.notes.length > 0 && (
        <section aria-label="Notes">
          <H>Notes</H>
          <ul className="vr-notes">
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
        <section aria-label="Photos">
          <H>Photos</H>
          <ul className="vr-photos">
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
                  {item.required && <span className="vr-required"> (required)</span>}
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
        <section aria-label="Signature">
          <H>Signature</H>
          <img
            className="vr-signature"
            src={record.signature.imageUrl}
            alt={`Signature of ${record.signature.name}`}
            width={240}
            height={100}
          />
          <p className="vr-meta">
            {record.signature.name} · {stamp(record.signature.signedAt, timeZone)} · taken by{' '}
            {record.signature.technicianName}
          </p>
        </section>
      )}
    </div>
  );
}
