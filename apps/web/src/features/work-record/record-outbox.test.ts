import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import type { OutboxItem } from '../../base/outbox';
import { recordApi } from '../../entities/record/endpoints';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { type RecordWrite, recordSender } from './record-outbox';

const visit = { workspaceId: 'ws', jobId: 'job', occurrence: null };
const item = (payload: RecordWrite, baseVersion?: number): OutboxItem<RecordWrite> => ({
  id: 'item',
  seq: 1,
  scope: 'ws',
  group: 'job|',
  subject: 's',
  kind: payload.type,
  payload,
  createdAt: '2026-03-30T08:00:00Z',
  ...(baseVersion === undefined ? {} : { baseVersion }),
});
const context = { progress: async () => undefined, save: async () => undefined };
const note = {
  id: 'n1',
  jobId: 'job',
  occurrence: null,
  authorId: 'm1',
  authorName: 'Tomasz',
  body: 'Seal replaced',
  createdAt: '2026-03-30T08:00:00Z',
  updatedAt: '2026-03-30T08:00:00Z',
  version: 1,
};
const emptyRecord = { jobId: 'job', occurrence: null, notes: [], photos: [], checklists: [], signature: null };

async function storeWith(routes: Parameters<typeof fakeFetch>[0]) {
  const fetch = fakeFetch({ 'GET /workspaces/ws/jobs/job/record': emptyRecord, ...routes });
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  await store.dispatch(recordApi.endpoints.visitRecord.initiate(visit));
  return { store, fetch, send: recordSender(store.dispatch, fetch) };
}

describe('the work record’s sender', () => {
  it('creates a note with the phone’s id, puts it in the cached record and hands back its version', async () => {
    const { store, fetch, send } = await storeWith({ 'POST /workspaces/ws/jobs/job/notes': () => json(note, 201) });
    const result = await send(item({ type: 'note', visit, noteId: 'n1', body: 'Seal replaced', edit: false }), context);
    expect(result).toEqual({ kind: 'sent', version: 1 });
    expect(fetch.callsTo('POST /workspaces/ws/jobs/job/notes')[0]?.body).toEqual({ id: 'n1', body: 'Seal replaced' });
    expect(recordApi.endpoints.visitRecord.select(visit)(store.getState()).data?.notes).toEqual([note]);
  });

  it('edits with If-Match of the version the outbox moved it to', async () => {
    const { fetch, send } = await storeWith({ 'PATCH /workspaces/ws/notes/n1': { ...note, version: 2 } });
    const result = await send(
      item({ type: 'note', visit, noteId: 'n1', body: 'Seal and pump', edit: true }, 1),
      context,
    );
    expect(result).toEqual({ kind: 'sent', version: 2 });
    expect(fetch.callsTo('PATCH /workspaces/ws/notes/n1')[0]?.headers['if-match']).toBe('"1"');
  });

  it('holds a photo back when the server’s file storage is full (507): it waits, and it is no refusal', async () => {
    const { send } = await storeWith({
      'POST /workspaces/ws/jobs/job/photos': () =>
        problem('storage_full', 'The file storage is full', { retryAfter: 60 }),
    });
    const upload = {
      id: 'p1',
      visit,
      blob: new Blob(['jpeg bytes']),
      contentType: 'image/jpeg',
      width: 10,
      height: 10,
      caption: '',
      thumbnail: 'AAAA',
    };
    expect(await send(item({ type: 'photo', upload }), context)).toEqual({ kind: 'held' });
  });

  it('keeps a write for later when the server fails (5xx), and refuses it with a reason on a 4xx', async () => {
    const down = await storeWith({
      'PUT /workspaces/ws/jobs/job/checklists/t1/answers': () => new Response('bad gateway', { status: 502 }),
    });
    const answers = item({ type: 'answers', visit, templateId: 't1', answers: { flue: true } });
    expect(await down.send(answers, context)).toEqual({ kind: 'offline' });

    const forbidden = await storeWith({
      'PUT /workspaces/ws/jobs/job/checklists/t1/answers': () => problem('forbidden', 'Not your visit'),
    });
    expect(await forbidden.send(answers, context)).toEqual({
      kind: 'refused',
      code: 'forbidden',
      message: 'Not sent: this visit is no longer yours. Ask your dispatcher.',
    });

    const invalid = await storeWith({
      'PUT /workspaces/ws/jobs/job/checklists/t1/answers': () =>
        problem('validation_failed', 'Check the answers', {
          errors: [{ path: 'answers.flue', message: '"Flue gas checked" is a tick: answer true or false' }],
        }),
    });
    expect(await invalid.send(answers, context)).toMatchObject({
      kind: 'refused',
      message: 'Not sent: "Flue gas checked" is a tick: answer true or false',
    });
  });
});
