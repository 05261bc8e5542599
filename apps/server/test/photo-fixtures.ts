import { randomBytes, randomUUID } from 'node:crypto';
import type { Photo, PhotoUpload } from '@fieldplan/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { appOrigin } from './harness.js';
import { type Res, type WorkspaceCaller, ws } from './helpers.js';

// Photos for the upload tests: bytes that begin like the real formats (the server checks the
// signature, not the pixels) and the client side of the upload protocol (docs/PRODUCT.md, "Work record").

const signatures = {
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
};

/** `size` bytes of a photo of the kind: its signature, then random bytes. */
export function imageBytes(size: number, kind: keyof typeof signatures = 'png'): Buffer {
  const head = signatures[kind];
  return Buffer.concat([head, randomBytes(size - head.length)]);
}

/** An SVG that would run a script if a browser rendered it from our origin. */
export const hostileSvg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>',
);

/** A small JPEG thumbnail, base64 as the browser sends it. */
export const thumbnail = () => imageBytes(2_000, 'jpeg').toString('base64');

export const photoBody = (bytes: Buffer, overrides: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  size: bytes.length,
  contentType: 'image/png',
  width: 640,
  height: 480,
  thumbnail: thumbnail(),
  ...overrides,
});

/** POST …/jobs/:id/photos (`query`: `?occurrence=…`). */
export function beginPhoto(caller: WorkspaceCaller, jobId: string, body: unknown, query = '') {
  return caller.client.post(ws(caller.workspaceId, `/jobs/${jobId}/photos${query}`), body);
}

const cookieOf = (caller: WorkspaceCaller) => [...caller.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

/** PATCH …/photos/:id/upload with raw bytes at `offset`. */
export function sendChunk(
  app: FastifyInstance,
  caller: WorkspaceCaller,
  photoId: string,
  offset: number,
  bytes: Buffer,
  headers: Record<string, string> = {},
): Promise<Res> {
  return app.inject({
    method: 'PATCH',
    url: ws(caller.workspaceId, `/photos/${photoId}/upload`),
    headers: {
      origin: appOrigin,
      cookie: cookieOf(caller),
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...headers,
    },
    payload: bytes,
  });
}

/** HEAD …/photos/:id/upload. */
export function headUpload(app: FastifyInstance, caller: WorkspaceCaller, photoId: string): Promise<Res> {
  return app.inject({
    method: 'HEAD',
    url: ws(caller.workspaceId, `/photos/${photoId}/upload`),
    headers: { cookie: cookieOf(caller) },
  });
}

/** Uploads `bytes` as a photo of the job in chunks of `chunk` bytes; asserts every step and returns the photo. */
export async function uploadPhoto(
  app: FastifyInstance,
  caller: WorkspaceCaller,
  jobId: string,
  bytes: Buffer,
  options: { chunk?: number; query?: string; body?: Record<string, unknown> } = {},
): Promise<Photo> {
  const body = photoBody(bytes, options.body);
  const begun = await beginPhoto(caller, jobId, body, options.query);
  expect(begun.statusCode, begun.body).toBe(201);
  expect(begun.json<PhotoUpload>()).toEqual({ id: body.id, offset: 0, size: bytes.length, complete: false });
  const chunk = options.chunk ?? bytes.length;
  let last: Res | undefined;
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    last = await sendChunk(app, caller, body.id, offset, bytes.subarray(offset, offset + chunk));
    const end = Math.min(offset + chunk, bytes.length);
    expect(last.statusCode, last.body).toBe(end === bytes.length ? 200 : 204);
    expect(last.headers['upload-offset']).toBe(String(end));
  }
  return (last as Res).json<Photo>();
}
