import { type Photo, photoLimits } from '@fieldplan/shared';
import { useState } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { recordApi, useDeletePhotoMutation, useUpdatePhotoCaptionMutation } from '../../entities/record/endpoints';
import type { VisitRef } from '../../entities/record/types';
import { Message, t, useIntl } from '../../lib/i18n';
import { problemMessage, toProblem } from '../../lib/problem';

/**
 * A stale edit (412) means someone changed or removed the photo meanwhile: the record is read again so
 * the latest caption shows, and the person decides again (docs/PRODUCT.md, "Work record").
 */
const staleMessage = () => t({ id: 'workRecord.photo.stale' });

/**
 * One uploaded photo of a visit, with its caption; when `editable`, its caption can be changed and the
 * photo deleted (online only: the server keeps one version and answers 412 to a stale one).
 */
export function UploadedPhoto({
  visit,
  photo,
  editable,
  className,
  captionClass,
  width = 160,
  height = 120,
}: {
  visit: VisitRef;
  photo: Photo;
  editable: boolean;
  className?: string;
  captionClass: string;
  width?: number;
  height?: number;
}) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [updateCaption, updating] = useUpdatePhotoCaptionMutation();
  const [deletePhoto, deleting] = useDeletePhotoMutation();

  const fail = (error: unknown) => {
    const p = toProblem(error);
    if (p.code === 'version_conflict' || p.code === 'not_found') {
      dispatch(recordApi.util.invalidateTags([{ type: 'Job', id: `record:${visit.jobId}` }]));
      setProblem(p.code === 'not_found' ? intl.formatMessage({ id: 'workRecord.photo.gone' }) : staleMessage());
    } else setProblem(problemMessage(p));
  };

  const save = async (caption: string) => {
    setProblem(null);
    try {
      await updateCaption({ ...visit, id: photo.id, version: photo.version, caption: caption.trim() }).unwrap();
      setEditing(null);
    } catch (error) {
      setEditing(null);
      fail(error);
    }
  };

  const remove = async () => {
    setProblem(null);
    try {
      await deletePhoto({ ...visit, id: photo.id, version: photo.version }).unwrap();
    } catch (error) {
      setConfirming(false);
      fail(error);
    }
  };

  const label = photo.caption || intl.formatMessage({ id: 'workRecord.photo.by' }, { name: photo.uploadedByName });
  return (
    <li className={className}>
      <a href={photo.url} target="_blank" rel="noopener noreferrer">
        <img src={photo.thumbUrl} alt={label} width={width} height={height} />
      </a>
      {editing !== null ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save(editing);
          }}
        >
          <CaptionField
            label={intl.formatMessage({ id: 'workRecord.photo.caption' })}
            value={editing}
            onChange={setEditing}
          />
          <div className="wr-row">
            <Button type="submit" variant="primary" size="sm" disabled={updating.isLoading}>
              <Message id="workRecord.photo.saveCaption" />
            </Button>
            <Button size="sm" onClick={() => setEditing(null)}>
              <Message id="workRecord.photo.cancel" />
            </Button>
          </div>
        </form>
      ) : (
        photo.caption && <p className={captionClass}>{photo.caption}</p>
      )}
      {photo.lat !== null && photo.lng !== null && (
        <p className="wr-meta">
          <Message id="workRecord.photo.takenAt" values={{ lat: photo.lat.toFixed(5), lng: photo.lng.toFixed(5) }} />
        </p>
      )}
      {editable && editing === null && !confirming && (
        <div className="wr-row">
          <Button size="sm" variant="ghost" icon="pencil" onClick={() => setEditing(photo.caption)}>
            <Message id="workRecord.photo.editCaption" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setConfirming(true)}
            aria-label={intl.formatMessage({ id: 'workRecord.photo.deleteLabel' }, { label })}
          >
            <Message id="workRecord.photo.delete" />
          </Button>
        </div>
      )}
      {confirming && (
        <div className="wr-row">
          <span>
            <Message id="workRecord.photo.confirmDelete" />
          </span>
          <Button size="sm" variant="danger" disabled={deleting.isLoading} onClick={() => void remove()}>
            <Message id="workRecord.photo.deletePhoto" />
          </Button>
          <Button size="sm" onClick={() => setConfirming(false)}>
            <Message id="workRecord.photo.keep" />
          </Button>
        </div>
      )}
      {problem && <Alert>{problem}</Alert>}
    </li>
  );
}

/** A photo's caption, up to the length the server keeps. */
export function CaptionField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (caption: string) => void;
}) {
  return (
    <TextField
      label={label}
      optional
      value={value}
      maxLength={photoLimits.captionChars}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
