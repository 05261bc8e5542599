import { type Photo, photoLimits } from '@fieldplan/shared';
import { useState } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { recordApi, useDeletePhotoMutation, useUpdatePhotoCaptionMutation } from '../../entities/record/endpoints';
import type { VisitRef } from '../../entities/record/types';
import { problemMessage, toProblem } from '../../lib/problem';

/**
 * A stale edit (412) means someone changed or removed the photo meanwhile: the record is read again so
 * the latest caption shows, and the person decides again (docs/PRODUCT.md, "Work record").
 */
const staleMessage = 'Someone else changed this photo meanwhile. The latest version is shown now: try again.';

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
      setProblem(p.code === 'not_found' ? 'This photo was deleted meanwhile.' : staleMessage);
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

  const label = photo.caption || `Photo by ${photo.uploadedByName}`;
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
          <CaptionField label="Caption" value={editing} onChange={setEditing} />
          <div className="wr-row">
            <Button type="submit" variant="primary" size="sm" disabled={updating.isLoading}>
              Save caption
            </Button>
            <Button size="sm" onClick={() => setEditing(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        photo.caption && <p className={captionClass}>{photo.caption}</p>
      )}
      {photo.lat !== null && photo.lng !== null && (
        <p className="wr-meta">
          Taken at {photo.lat.toFixed(5)}, {photo.lng.toFixed(5)}
        </p>
      )}
      {editable && editing === null && !confirming && (
        <div className="wr-row">
          <Button size="sm" variant="ghost" icon="pencil" onClick={() => setEditing(photo.caption)}>
            Edit caption
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete ${label}`}>
            Delete
          </Button>
        </div>
      )}
      {confirming && (
        <div className="wr-row">
          <span>Delete this photo?</span>
          <Button size="sm" variant="danger" disabled={deleting.isLoading} onClick={() => void remove()}>
            Delete photo
          </Button>
          <Button size="sm" onClick={() => setConfirming(false)}>
            Keep it
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
