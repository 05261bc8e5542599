// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Photo } from './types';
import { type PhotoUpload, uploadPhoto } from './upload';

/**
 * The upload protocol's server side in memory — only to drive the client's resume logic through
 * drops at chosen points; the real server is exercised by e2e/specs/work-record.spec.ts.
 */
function protocolServer(
  options: { dropAfterPatches?: number; loseFinalAnswer?: boolean; refuseBytes?: boolean; storageFull?: boolean } = {},
) {
  const stored = new Map<string, { size: number; bytes: Uint8Array<ArrayBuffer>[]; photo: Photo | null }>();
  let patches = 0;
  const calls: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.replace(/^.*\/(photos.*)$/, '$1')}`);
    const id = /photos\/([^/?]+)\/upload/.exec(url)?.[1];
    if (method === 'POST') {
      const body = JSON.parse(String(init?.body)) as { id: string; size: number };
      const existing = stored.get(body.id);
      if (existing?.photo) return Response.json({ ...existing.photo, complete: true });
      if (existing) return Response.json({ id: body.id, offset: length(existing.bytes), size: body.size });
      stored.set(body.id, { size: body.size, bytes: [], photo: null });
      return Response.json({ id: body.id, offset: 0, size: body.size, complete: false }, { status: 201 });
    }
    const upload = id ? stored.get(id) : undefined;
    if (!upload || !id) return new Response(null, { status: 404 });
    const offset = length(upload.bytes);
    if (method === 'HEAD') {
      const complete = upload.photo ? '?1' : '?0';
      return new Response(null, {
        status: 204,
        headers: { 'upload-offset': String(offset), 'upload-complete': complete },
      });
    }
    patches += 1;
    if (options.dropAfterPatches !== undefined && patches > options.dropAfterPatches) {
      options.dropAfterPatches = undefined;
      throw new TypeError('Failed to fetch');
    }
    if (upload.photo || Number((init?.headers as Record<string, string> | undefined)?.['upload-offset']) !== offset) {
      return new Response(null, { status: 409, headers: { 'upload-offset': String(offset) } });
    }
    upload.bytes.push(
      new Uint8Array(await ((init?.body as Blob | undefined) ?? new Blob()).arrayBuffer()) as Uint8Array<ArrayBuffer>,
    );
    const now = length(upload.bytes);
    if (now < upload.size) return new Response(null, { status: 204, headers: { 'upload-offset': String(now) } });
    if (options.storageFull) {
      // Every byte is kept, but joining them into the photo found no room: not finished.
      return Response.json(storageFull, { status: 507, headers: { 'retry-after': '60' } });
    }
    if (options.refuseBytes) {
      stored.delete(id);
      return Response.json(
        { type: 'about:blank', title: 'x', status: 415, code: 'unsupported_media_type', detail: 'Not an image' },
        { status: 415 },
      );
    }
    upload.photo = { id, url: `/photos/${id}/file` } as Photo;
    if (options.loseFinalAnswer) {
      options.loseFinalAnswer = false;
      throw new TypeError('Failed to fetch');
    }
    return Response.json(upload.photo);
  }) as typeof fetch;
  return { fetchFn, stored, calls };
}

const storageFull = {
  type: 'about:blank',
  title: 'File storage is full',
  status: 507,
  code: 'storage_full',
  detail: 'The file storage is full',
  retryAfter: 60,
};

const length = (parts: Uint8Array[]) => parts.reduce((n, p) => n + p.length, 0);

function photo(bytes: number): PhotoUpload {
  const data = new Uint8Array(bytes).map((_, i) => i % 251);
  return {
    id: 'p-1',
    visit: { workspaceId: 'ws', jobId: 'job', occurrence: null },
    blob: new Blob([data], { type: 'image/jpeg' }),
    contentType: 'image/jpeg',
    width: 10,
    height: 10,
    caption: '',
    thumbnail: 'AAAA',
  };
}

function hooks(upload: PhotoUpload) {
  const progress: number[] = [];
  return {
    progress,
    hooks: {
      progress: async (done: number) => {
        progress.push(done);
      },
      created: async () => {
        upload.created = true;
      },
    },
  };
}

async function joined(parts: Uint8Array<ArrayBuffer>[]) {
  return new Uint8Array(await new Blob(parts).arrayBuffer());
}

describe('the resumable photo upload', () => {
  it('sends the bytes in chunks, each once, and ends with the photo', async () => {
    const server = protocolServer();
    const upload = photo(1000);
    const { hooks: h, progress } = hooks(upload);
    const result = await uploadPhoto(server.fetchFn, upload, h, 300);
    expect(result.kind).toBe('done');
    expect(progress).toEqual([0, 300, 600, 900, 1000]);
    expect(await joined(server.stored.get('p-1')?.bytes ?? [])).toEqual(
      new Uint8Array(await upload.blob.arrayBuffer()),
    );
  });

  it('sends where the photo was taken with the create call when it has one, and nothing when not', async () => {
    const bodies: Record<string, unknown>[] = [];
    const server = protocolServer();
    const watching = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
      return server.fetchFn(input, init);
    }) as typeof fetch;
    const placed = { ...photo(100), lat: 52.52, lng: -13.4 };
    expect((await uploadPhoto(watching, placed, hooks(placed).hooks)).kind).toBe('done');
    const bare = { ...photo(100), id: 'p-2' };
    expect((await uploadPhoto(watching, bare, hooks(bare).hooks)).kind).toBe('done');
    expect(bodies[0]).toMatchObject({ lat: 52.52, lng: -13.4 });
    expect(bodies[1]).not.toHaveProperty('lat');
    expect(bodies[1]).not.toHaveProperty('lng');
  });

  it('resumes after a dropped connection from the offset the server reports (HEAD), without a duplicate byte', async () => {
    const server = protocolServer({ dropAfterPatches: 2 });
    const upload = photo(1000);
    const { hooks: h } = hooks(upload);
    expect((await uploadPhoto(server.fetchFn, upload, h, 300)).kind).toBe('offline');
    expect(upload.created).toBe(true);
    const again = await uploadPhoto(server.fetchFn, upload, h, 300);
    expect(again.kind).toBe('done');
    expect(server.calls.filter((c) => c.startsWith('HEAD'))).toHaveLength(1);
    expect(server.calls.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(length(server.stored.get('p-1')?.bytes ?? [])).toBe(1000);
  });

  it('gets the photo by replaying the create call when the last answer was lost', async () => {
    const server = protocolServer({ loseFinalAnswer: true });
    const upload = photo(500);
    const { hooks: h } = hooks(upload);
    expect((await uploadPhoto(server.fetchFn, upload, h, 300)).kind).toBe('offline');
    const again = await uploadPhoto(server.fetchFn, upload, h, 300);
    expect(again).toEqual({ kind: 'done', photo: expect.objectContaining({ id: 'p-1' }) });
  });

  it('reports a refusal with the server’s problem (not an image → 415)', async () => {
    const server = protocolServer({ refuseBytes: true });
    const upload = photo(100);
    const result = await uploadPhoto(server.fetchFn, upload, hooks(upload).hooks, 300);
    expect(result.kind === 'refused' && result.problem.code).toBe('unsupported_media_type');
  });

  it('holds a photo whose finishing met a full storage (507), then finishes it by itself: HEAD says unfinished, no bytes at the end', async () => {
    const options = { storageFull: true };
    const server = protocolServer(options);
    const upload = photo(1000);
    const { hooks: h } = hooks(upload);
    const first = await uploadPhoto(server.fetchFn, upload, h, 300);
    expect(first.kind === 'held' && first.problem.code).toBe('storage_full');
    // Room again: where it stands is asked, and the one request that finishes it has no bytes.
    options.storageFull = false;
    const calls = server.calls.length;
    const again = await uploadPhoto(server.fetchFn, upload, h, 300);
    expect(again).toEqual({ kind: 'done', photo: expect.objectContaining({ id: 'p-1' }) });
    expect(server.calls.slice(calls)).toEqual(['HEAD photos/p-1/upload', 'PATCH photos/p-1/upload']);
    expect(server.stored.get('p-1')?.bytes.at(-1)?.length).toBe(0);
    expect(await joined(server.stored.get('p-1')?.bytes ?? [])).toEqual(
      new Uint8Array(await upload.blob.arrayBuffer()),
    );
  });

  it('holds a photo the server has no room to begin (507 on create), refusing nothing', async () => {
    const full = (async () => Response.json(storageFull, { status: 507 })) as typeof fetch;
    const upload = photo(100);
    const result = await uploadPhoto(full, upload, hooks(upload).hooks);
    expect(result.kind === 'held' && result.problem.code).toBe('storage_full');
  });

  it('keeps the photo for later when the server is down (5xx), refusing nothing', async () => {
    const down = (async () => new Response('bad gateway', { status: 502 })) as typeof fetch;
    const upload = photo(100);
    expect((await uploadPhoto(down, upload, hooks(upload).hooks)).kind).toBe('offline');
  });
});
