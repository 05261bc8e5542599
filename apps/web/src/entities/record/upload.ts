import { isProblem, type Problem } from '@fieldplan/shared';
import { jobBase, type Photo, type VisitRef, visitQuery } from './types';

/** A photo waiting on the phone: the resized JPEG and what the create call needs. */
export interface PhotoUpload {
  id: string;
  visit: VisitRef;
  blob: Blob;
  contentType: string;
  width: number;
  height: number;
  caption: string;
  /** base64 JPEG (no data: prefix), ~320 px: the server keeps it as the photo's thumbnail. */
  thumbnail: string;
  /** Where it was taken (EXIF GPS), sent only when the workspace keeps photo locations. */
  lat?: number;
  lng?: number;
  /** The server has accepted the create call: resume with HEAD instead. */
  created?: boolean;
}

export type UploadResult = { kind: 'done'; photo: Photo } | { kind: 'offline' } | { kind: 'refused'; problem: Problem };

export interface UploadHooks {
  progress(done: number, total: number): Promise<void>;
  created(): Promise<void>;
}

/** 256 KB: small enough that a drop on a weak mobile link loses little, large enough to stay few requests. */
export const uploadChunkBytes = 256 * 1024;

const api = (path: string) => `/api/v1${path}`;

async function problemOf(response: Response): Promise<Problem> {
  const body: unknown = await response.json().catch(() => null);
  if (isProblem(body)) return body;
  return {
    type: 'about:blank',
    title: 'Refused',
    status: response.status,
    code: 'internal',
    detail: `The server answered ${response.status}`,
  };
}

/** A 5xx or no answer is the server's or network's fault: keep the photo and try again later. */
const transient = (status: number) => status >= 500 || status === 408 || status === 429;

/**
 * Uploads one photo with the resumable protocol (docs/PRODUCT.md, "Work record"): create (idempotent
 * by the client's id), then PATCH the bytes from the server's offset in chunks. A dropped connection
 * resumes from the offset the server reports (HEAD, or a 409's Upload-Offset), so no byte is stored twice.
 */
export async function uploadPhoto(
  fetchFn: typeof fetch,
  upload: PhotoUpload,
  hooks: UploadHooks,
  chunkBytes = uploadChunkBytes,
): Promise<UploadResult> {
  const photoBase = `${jobBase(upload.visit)}/photos`;
  const uploadUrl = api(
    `/workspaces/${encodeURIComponent(upload.visit.workspaceId)}/photos/${encodeURIComponent(upload.id)}/upload`,
  );
  const size = upload.blob.size;
  const create = async (): Promise<UploadResult | { kind: 'offset'; offset: number }> => {
    const response = await fetchFn(api(`${photoBase}${visitQuery(upload.visit)}`), {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json, application/problem+json' },
      body: JSON.stringify({
        id: upload.id,
        size,
        contentType: upload.contentType,
        width: upload.width,
        height: upload.height,
        caption: upload.caption || undefined,
        thumbnail: upload.thumbnail,
        lat: upload.lat,
        lng: upload.lng,
      }),
    });
    if (transient(response.status)) return { kind: 'offline' };
    if (!response.ok) return { kind: 'refused', problem: await problemOf(response) };
    const body = (await response.json()) as { offset?: number; complete?: boolean } & Partial<Photo>;
    if (body.complete) return { kind: 'done', photo: body as Photo };
    await hooks.created();
    return { kind: 'offset', offset: body.offset ?? 0 };
  };
  try {
    let known: number | null = null;
    if (upload.created) {
      const head = await fetchFn(uploadUrl, { method: 'HEAD', credentials: 'same-origin' });
      if (head.ok) known = Number(head.headers.get('upload-offset'));
      else if (transient(head.status)) return { kind: 'offline' };
      // Anything else (finished already, or forgotten): the create call below answers where it stands.
    }
    let offset: number;
    if (known === null || Number.isNaN(known) || known >= size) {
      const answer = await create();
      if (answer.kind !== 'offset') return answer;
      offset = answer.offset;
    } else offset = known;
    await hooks.progress(offset, size);
    for (;;) {
      if (offset >= size) {
        // Every byte is there but the finishing answer was lost: the create call's replay hands the photo.
        const answer = await create();
        if (answer.kind !== 'offset') return answer;
        if (answer.offset >= size) return { kind: 'offline' };
        offset = answer.offset;
      }
      const chunk = upload.blob.slice(offset, Math.min(size, offset + chunkBytes));
      const response: Response = await fetchFn(uploadUrl, {
        method: 'PATCH',
        credentials: 'same-origin',
        headers: {
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
          accept: 'application/json, application/problem+json',
        },
        body: chunk,
      });
      if (response.status === 200) {
        await hooks.progress(size, size);
        return { kind: 'done', photo: (await response.json()) as Photo };
      }
      if (response.status === 204 || response.status === 409) {
        // 409: the server holds a different offset (an earlier chunk landed but its answer was lost).
        const next = Number(response.headers.get('upload-offset'));
        if (Number.isNaN(next)) return { kind: 'offline' };
        offset = next;
        await hooks.progress(offset, size);
        continue;
      }
      if (transient(response.status)) return { kind: 'offline' };
      return { kind: 'refused', problem: await problemOf(response) };
    }
  } catch {
    return { kind: 'offline' };
  }
}
