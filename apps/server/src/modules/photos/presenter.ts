import type { Photo, PhotoContentType } from '@fieldplan/shared';
import { iso } from '../../lib/ids.js';
import { numberOrNull } from '../../lib/numbers.js';
import { occurrenceOfKey } from '../jobs/index.js';
import type { PhotoRow } from './queries.js';

/** The authorised routes a photo's bytes are read from. */
export const photoUrls = (workspaceId: string, id: string) => {
  const base = `/api/v1/workspaces/${workspaceId}/photos/${id}`;
  return { url: `${base}/file`, thumbUrl: `${base}/thumb` };
};

export function presentPhoto(row: PhotoRow): Photo {
  return {
    id: row.id,
    jobId: row.job_id,
    occurrence: occurrenceOfKey(Number(row.occurrence_key), Number(row.all_day) === 1),
    caption: row.caption,
    contentType: row.content_type as PhotoContentType,
    width: Number(row.width),
    height: Number(row.height),
    bytes: Number(row.size),
    createdAt: iso(Number(row.completed_at ?? row.created_at)),
    uploadedBy: row.uploaded_by,
    uploadedByName: row.uploader_name ?? '',
    lat: numberOrNull(row.lat),
    lng: numberOrNull(row.lng),
    ...photoUrls(row.workspace_id, row.id),
    version: Number(row.version),
  };
}

/** The upload's state as POST …/photos and a replay answer it. */
export function presentUpload(row: PhotoRow) {
  if (row.completed_at !== null) return { ...presentPhoto(row), complete: true as const };
  return { id: row.id, offset: Number(row.received), size: Number(row.size), complete: false as const };
}
