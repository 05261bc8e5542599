import { useEffect, useId, useMemo, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Icon } from '../../components/Icon';
import type { Photo, VisitRef } from '../../entities/record/types';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { Message, useIntl } from '../../lib/i18n';
import type { PendingPhoto } from './merge';
import { OutboxState } from './OutboxState';
import { resizePhoto, warmResizer } from './resize';
import { CaptionField, UploadedPhoto } from './UploadedPhoto';
import type { useRecordOutbox } from './use-record-outbox';

type RecordOutbox = ReturnType<typeof useRecordOutbox>;

/** A waiting photo drawn from its own bytes on the phone (an object URL, freed when it leaves). */
function LocalPhoto({ photo, onRemove }: { photo: PendingPhoto; onRemove: (id: string) => void }) {
  const intl = useIntl();
  const url = useMemo(() => URL.createObjectURL(photo.upload.blob), [photo.upload.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className="wr-photo">
      <img
        src={url}
        alt={photo.upload.caption || intl.formatMessage({ id: 'workRecord.photos.waitingAlt' })}
        width={160}
        height={120}
      />
      {photo.upload.caption && <p className="wr-caption">{photo.upload.caption}</p>}
      <OutboxState item={photo.item} onRemove={onRemove} />
    </li>
  );
}

/** Photos of the visit: take or pick, resized on the phone in a worker, uploaded resumably through the outbox. */
export function PhotosSection({
  visit,
  photos,
  pending,
  outbox,
}: {
  visit: VisitRef;
  photos: Photo[];
  pending: PendingPhoto[];
  outbox: RecordOutbox;
}) {
  const intl = useIntl();
  const headingId = useId();
  const [caption, setCaption] = useState('');
  const [busy, setBusy] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(warmResizer, []);
  // Off unless the owner turned it on (docs/PRODUCT.md, "Work record"): then the EXIF position goes along.
  const keepLocation = useGetWorkspaceQuery(visit.workspaceId).data?.keepPhotoLocation ?? false;

  const addFiles = async (list: File[]) => {
    if (list.length === 0) return;
    setProblem(null);
    setBusy((n) => n + list.length);
    for (const file of list) {
      try {
        const resized = await resizePhoto(file, { keepLocation });
        const id = crypto.randomUUID();
        await outbox.add(
          {
            type: 'photo',
            upload: {
              id,
              visit,
              blob: resized.blob,
              contentType: 'image/jpeg',
              width: resized.width,
              height: resized.height,
              caption: caption.trim(),
              thumbnail: resized.thumbnail,
              ...(resized.location && { lat: resized.location.lat, lng: resized.location.lng }),
            },
          },
          `photo:${id}`,
        );
      } catch (error) {
        setProblem(
          error instanceof Error
            ? intl.formatMessage({ id: 'workRecord.photos.unreadableWhy' }, { name: file.name, reason: error.message })
            : intl.formatMessage({ id: 'workRecord.photos.unreadable' }, { name: file.name }),
        );
      } finally {
        setBusy((n) => n - 1);
      }
    }
    setCaption('');
  };

  return (
    <section className="wr-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Message id="workRecord.photos.heading" />
      </h2>
      {photos.length === 0 && pending.length === 0 && (
        <p className="wr-empty">
          <Message id="workRecord.photos.none" />
        </p>
      )}
      <ul className="plain-list wr-photos" aria-label={intl.formatMessage({ id: 'workRecord.photos.list' })}>
        {photos.map((photo) => (
          <UploadedPhoto
            key={photo.id}
            visit={visit}
            photo={photo}
            editable
            className="wr-photo"
            captionClass="wr-caption"
          />
        ))}
        {pending.map((p) => (
          <LocalPhoto key={p.item.id} photo={p} onRemove={outbox.remove} />
        ))}
      </ul>
      <CaptionField
        label={intl.formatMessage({ id: 'workRecord.photos.nextCaption' })}
        value={caption}
        onChange={setCaption}
      />
      <div className="wr-row">
        <label className="wr-file btn btn-primary btn-md">
          <Icon name="plus" size={18} /> <Message id="workRecord.photos.take" />
          <input
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(e) => {
              // Copied before the input is emptied (so picking the same file again fires a change).
              void addFiles([...(e.currentTarget.files ?? [])]);
              e.currentTarget.value = '';
            }}
          />
        </label>
        <label className="wr-file btn btn-secondary btn-md">
          <Message id="workRecord.photos.choose" />
          <input
            type="file"
            accept="image/*"
            multiple
            onChange={(e) => {
              // Copied before the input is emptied (so picking the same file again fires a change).
              void addFiles([...(e.currentTarget.files ?? [])]);
              e.currentTarget.value = '';
            }}
          />
        </label>
      </div>
      {busy > 0 && (
        <p className="wr-waiting" role="status">
          <Message id="workRecord.photos.preparing" values={{ busy }} />
        </p>
      )}
      {problem && <Alert>{problem}</Alert>}
    </section>
  );
}
