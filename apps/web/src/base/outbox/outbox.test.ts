// @vitest-environment node
// Node's own Blob is what structuredClone (and so fake-indexeddb) can copy; jsdom's is not.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { describeWaiting, Outbox, type OutboxItem, type SendResult } from './outbox';

type Payload = { text: string; photo?: Blob; uploaded?: number };

const item = (id: string, subject = id, kind = 'note', payload: Payload = { text: id }) => ({
  id,
  group: 'visit-1',
  subject,
  kind,
  payload,
});

function recorder(answers: Record<string, SendResult | SendResult[]> = {}) {
  const sent: string[] = [];
  const send = async (i: OutboxItem<Payload>): Promise<SendResult> => {
    sent.push(i.id);
    const answer = answers[i.id];
    if (Array.isArray(answer)) return answer.shift() ?? { kind: 'sent' };
    return answer ?? { kind: 'sent' };
  };
  return { sent, send };
}

describe('the IndexedDB outbox', () => {
  it('keeps items across a new page (a new Outbox on the same database), Blobs included, in order', async () => {
    const factory = new IDBFactory();
    const first = new Outbox<Payload>(factory, 'ws-1');
    await first.ready;
    await first.add(item('b'));
    await first.add(
      item('a', 'a', 'photo', { text: 'photo', photo: new Blob(['jpeg bytes'], { type: 'image/jpeg' }) }),
    );
    const reopened = new Outbox<Payload>(factory, 'ws-1');
    await reopened.ready;
    expect(reopened.list().map((i) => i.id)).toEqual(['b', 'a']);
    const photo = reopened.list()[1]?.payload.photo;
    expect(photo?.size).toBe('jpeg bytes'.length);
    expect(photo?.type).toBe('image/jpeg');
    // Another workspace's outbox on the same device lists none of them.
    const other = new Outbox<Payload>(factory, 'ws-2');
    await other.ready;
    expect(other.list()).toEqual([]);
  });

  it('sends oldest first and empties itself; a second flush sends nothing again', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    for (const id of ['one', 'two', 'three']) await outbox.add(item(id));
    const { sent, send } = recorder();
    expect(await outbox.flush(send)).toEqual({ sent: 3, refused: 0, held: 0, offline: false });
    expect(sent).toEqual(['one', 'two', 'three']);
    expect(outbox.list()).toEqual([]);
    await outbox.flush(send);
    expect(sent).toHaveLength(3);
  });

  it('stops at the first item that finds no network and keeps it and everything after it', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    for (const id of ['one', 'two', 'three']) await outbox.add(item(id));
    const { sent, send } = recorder({ two: [{ kind: 'offline' }] });
    expect(await outbox.flush(send)).toEqual({ sent: 1, refused: 0, held: 0, offline: true });
    expect(outbox.list().map((i) => i.id)).toEqual(['two', 'three']);
    // Back online: the same two go, in the same order, each once more at most.
    await outbox.flush(send);
    expect(sent).toEqual(['one', 'two', 'two', 'three']);
    expect(outbox.list()).toEqual([]);
  });

  it('keeps a refusal with its reason, goes on with other things, and holds back later writes of the same subject', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    await outbox.add(item('photo-1', 'photo-1', 'photo'));
    await outbox.add(item('note-create', 'note-9'));
    await outbox.add(item('note-edit', 'note-9'));
    await outbox.add(item('note-other', 'note-10'));
    const { sent, send } = recorder({
      'photo-1': { kind: 'refused', code: 'payload_too_large', message: 'Photos are at most 10 MB' },
      'note-create': { kind: 'refused', code: 'forbidden', message: 'Not yours' },
    });
    expect(await outbox.flush(send)).toEqual({ sent: 1, refused: 3, held: 0, offline: false });
    expect(sent).toEqual(['photo-1', 'note-create', 'note-other']);
    const left = Object.fromEntries(outbox.list().map((i) => [i.id, i.failure?.code]));
    expect(left).toEqual({ 'photo-1': 'payload_too_large', 'note-create': 'forbidden', 'note-edit': 'blocked' });
    await outbox.remove('photo-1');
    expect(outbox.list().map((i) => i.id)).toEqual(['note-create', 'note-edit']);
  });

  it('keeps an item the server holds back (a full storage, 507) waiting, sends the rest meanwhile, and it later', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    await outbox.add(item('photo-1', 'photo-1', 'photo'));
    await outbox.add(item('caption-1', 'photo-1'));
    await outbox.add(item('note-1'));
    const { sent, send } = recorder({ 'photo-1': [{ kind: 'held' }] });
    expect(await outbox.flush(send)).toEqual({ sent: 1, refused: 0, held: 1, offline: false });
    // The note went; the photo waits, unrefused, and its own later write waits behind it.
    expect(sent).toEqual(['photo-1', 'note-1']);
    expect(outbox.list().map((i) => [i.id, i.failure])).toEqual([
      ['photo-1', undefined],
      ['caption-1', undefined],
    ]);
    // Room again: the next flush sends the photo, then what waited behind it.
    expect(await outbox.flush(send)).toEqual({ sent: 2, refused: 0, held: 0, offline: false });
    expect(sent).toEqual(['photo-1', 'note-1', 'photo-1', 'caption-1']);
    expect(outbox.list()).toEqual([]);
  });

  it('moves the version a later write of the same subject is based on', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    await outbox.add(item('create', 'note-1'));
    await outbox.add({ ...item('edit', 'note-1'), baseVersion: undefined });
    await outbox.add({ ...item('elsewhere', 'note-2'), baseVersion: 4 });
    const seen: Record<string, number | undefined> = {};
    await outbox.flush(async (i) => {
      seen[i.id] = i.baseVersion;
      return { kind: 'sent', version: i.id === 'create' ? 1 : 2 };
    });
    expect(seen).toEqual({ create: undefined, edit: 1, elsewhere: 4 });
  });

  it('saves an upload’s progress and its own notes, so a new page resumes from them', async () => {
    const factory = new IDBFactory();
    const outbox = new Outbox<Payload>(factory, 'ws');
    await outbox.add(item('photo', 'photo', 'photo'));
    await outbox.flush(async (i, context) => {
      await context.save({ ...i.payload, uploaded: 1 });
      await context.progress(262_144, 600_000);
      return { kind: 'offline' };
    });
    const reopened = new Outbox<Payload>(factory, 'ws');
    await reopened.ready;
    expect(reopened.list()[0]?.payload.uploaded).toBe(1);
    expect(reopened.list()[0]?.progress).toEqual({ done: 262_144, total: 600_000 });
  });

  it('runs one flush at a time: a second call while one runs shares it', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    await outbox.add(item('one'));
    const { sent, send } = recorder();
    const [a, b] = await Promise.all([outbox.flush(send), outbox.flush(send)]);
    expect(a).toBe(b);
    expect(sent).toEqual(['one']);
  });

  it('treats a sender that throws as no network, keeping the item', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    await outbox.add(item('one'));
    const result = await outbox.flush(async () => {
      throw new Error('boom');
    });
    expect(result.offline).toBe(true);
    expect(outbox.list().map((i) => i.id)).toEqual(['one']);
  });

  it('tells subscribers of every change', async () => {
    const outbox = new Outbox<Payload>(new IDBFactory(), 'ws');
    await outbox.ready;
    let calls = 0;
    const stop = outbox.subscribe(() => {
      calls += 1;
    });
    await outbox.add(item('one'));
    await outbox.update('one', (i) => ({ ...i, payload: { text: 'edited' } }));
    expect(outbox.list()[0]?.payload.text).toBe('edited');
    stop();
    await outbox.remove('one');
    expect(calls).toBe(2);
  });
});

describe('describeWaiting', () => {
  it('names what waits in words', () => {
    const photo = { one: 'photo', many: 'photos' };
    const note = { one: 'note', many: 'notes' };
    const sig = { one: 'signature', many: 'signatures' };
    expect(
      describeWaiting([
        { ...photo, count: 3 },
        { ...note, count: 1 },
      ]),
    ).toBe('3 photos and 1 note');
    expect(
      describeWaiting([
        { ...photo, count: 0 },
        { ...note, count: 2 },
      ]),
    ).toBe('2 notes');
    expect(
      describeWaiting([
        { ...photo, count: 1 },
        { ...note, count: 1 },
        { ...sig, count: 1 },
      ]),
    ).toBe('1 photo, 1 note and 1 signature');
    expect(describeWaiting([{ ...photo, count: 0 }])).toBe('');
  });
});
