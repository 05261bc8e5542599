import { isProblem, type Problem, uploadHeaders } from '@fieldplan/shared';
import { t } from '../../lib/i18n';
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

/** `held`: the server's file storage is full (507): keep the photo and send it later; other writes go on. */
export type UploadResult =
  | { kind: 'done'; photo: Photo }
  | { kind: 'offline' }
  | { kind: 'held'; problem: Problem }
  | { kind: 'refused'; problem: Problem };

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
    title: t({ id: 'entities.upload.refused' }),
    status: response.status,
    code: 'internal',
    detail: t({ id: 'entities.upload.serverAnswered' }, { status: String(response.status) }),
  };
}

/** A 5xx or no answer is the server's or network's fault: keep the photo and try again later. */
const transient = (status: number) => status >= 500 || status === 408 || status === 429;

/** The answer of a server whose file storage is full, or null for any other. */
async function heldBy(response: Response): Promise<UploadResult | null> {
  return response.status === 507 ? { kind: 'held', problem: await problemOf(response) } : null;
}

/**
 * Uploads one photo with the resumable protocol (docs/PRODUCT.md, "Work record"): create (idempotent
 * by the client's id), then PATCH the bytes from the server's offset in chunks. A dropped connection
 * resumes from the offset the server reports (HEAD, or a 409's Upload-Offset), so no byte is stored twice;
 * an upload with every byte in but not finished (a full storage) is finished by a PATCH of no bytes.
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
    const held = await heldBy(response);
    if (held) return held;
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
      // Finished already (`Upload-Complete: ?1`): the create call below hands the photo. Every byte in
      // but not finished: its finishing step failed (a full storage), and no bytes at the end finish it.
      if (head.ok && head.headers.get(uploadHeaders.complete) !== '?1') {
        known = Number(head.headers.get(uploadHeaders.offset));
      } else if (transient(head.status)) return { kind: 'offline' };
      // Anything else (forgotten): the create call below answers where it stands.
    }
    let offset: number;
    if (known === null || Number.isNaN(known) || known > size) {
      const answer = await create();
      if (answer.kind !== 'offset') return answer;
      offset = answer.offset;
    } else offset = known;
    await hooks.progress(offset, size);
    // How often the server said every byte was in without handing the photo: once is a lost answer.
    let atEnd = 0;
    for (;;) {
      const chunk = upload.blob.slice(offset, Math.min(size, offset + chunkBytes));
      const response: Response = await fetchFn(uploadUrl, {
        method: 'PATCH',
        credentials: 'same-origin',
        headers: {
          'upload-offset': String(offset),
          'content-type': uploadHeaders.contentType,
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
        let next = Number(response.headers.get(uploadHeaders.offset));
        if (Number.isNaN(next)) return { kind: 'offline' };
        if (response.status === 409 && next >= size) {
          // Every byte is there but the finishing answer was lost: the create call's replay hands the
          // photo, or says it still needs finishing (then no bytes at the end finish it).
          if (atEnd++ > 0) return { kind: 'offline' };
          const answer = await create();
          if (answer.kind !== 'offset') return answer;
          next = answer.offset;
        }
        offset = next;
        await hooks.progress(offset, size);
        continue;
      }
      const held = await heldBy(response);
      if (held) return held;
      if (transient(response.status)) return { kind: 'offline' };
      return { kind: 'refused', problem: await problemOf(response) };
    }
  } catch {
    return { kind: 'offline' };
  }
}
