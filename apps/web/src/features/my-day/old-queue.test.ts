// The outbox in IndexedDB (fake-indexeddb, as base/outbox's own tests), with every kind registered as at start-up.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxKinds } from '../../app/outbox-kinds';
import { makeStore } from '../../app/store';
import { flushOutbox, outboxFor, registerOutboxKinds } from '../../base/outbox';
import { fakeStatusServer } from './fake-status-server';
import { adoptOldQueue } from './old-queue';
import { queuedChanges } from './status-outbox';

beforeAll(() => registerOutboxKinds(outboxKinds));
afterEach(() => window.localStorage.clear());

/**
 * What my day's localStorage queue (features/my-day/offline-queue.ts, before status changes went
 * through the outbox) left under `fieldplan.my-day.queue.<workspace id>`, byte for byte: a change
 * waiting to be sent, and one the server refused, kept until dismissed.
 */
const oldQueue = (ws: string) =>
  JSON.stringify([
    {
      workspaceId: ws,
      jobId: 'j1',
      visitId: 'j1',
      occurrence: null,
      version: 3,
      status: 'en_route',
      title: 'Boiler check',
      id: '1774857600000-k3x9q2',
      queuedAt: '2026-03-30T08:00:00.000Z',
    },
    {
      workspaceId: ws,
      jobId: 'j2',
      visitId: 'j2:2026-03-30T10:00:00.000Z',
      occurrence: '2026-03-30T10:00:00.000Z',
      version: 7,
      status: 'in_progress',
      title: 'Gutter clean',
      id: '1774857660000-p0a7zz',
      queuedAt: '2026-03-30T08:01:00.000Z',
      failure: {
        code: 'forbidden',
        message: 'Not sent: this job is no longer yours (it was given to someone else). Ask your dispatcher.',
      },
    },
  ]);

describe('status changes waiting in the old localStorage queue', () => {
  it('are moved into the outbox when the new version loads, sent exactly once, and the old key goes', async () => {
    const ws = 'ws-old-queue';
    const key = `fieldplan.my-day.queue.${ws}`;
    window.localStorage.setItem(key, oldQueue(ws));
    const server = fakeStatusServer(ws, { j1: 3, j2: 7 });
    const store = makeStore({ fetchFn: server.fetch, onUnauthenticated: () => {} });
    const flush = () => flushOutbox(ws, store.dispatch);

    // The first flush of the page opens the outbox, which moves the old queue in first.
    expect(await flush()).toEqual({ sent: 1, refused: 0, held: 0, offline: false });
    expect(server.sent('j1')).toEqual([['en_route', '"3"']]);
    expect(server.sent('j2')).toEqual([]);
    expect(window.localStorage.getItem(key)).toBeNull();
    // The refusal is still shown on its visit, with its job's title, until dismissed.
    expect(queuedChanges(outboxFor(ws).list())).toEqual([
      {
        id: '1774857660000-p0a7zz',
        workspaceId: ws,
        jobId: 'j2',
        visitId: 'j2:2026-03-30T10:00:00.000Z',
        occurrence: '2026-03-30T10:00:00.000Z',
        status: 'in_progress',
        title: 'Gutter clean',
        failure: { code: 'forbidden', message: expect.stringContaining('no longer yours') },
      },
    ]);

    // A page closed between the move and the key's removal finds the same queue again: nothing is
    // added twice, so nothing is sent twice.
    window.localStorage.setItem(key, oldQueue(ws));
    await adoptOldQueue(ws, outboxFor(ws), window.localStorage);
    expect(window.localStorage.getItem(key)).toBeNull();
    expect(queuedChanges(outboxFor(ws).list()).map((c) => c.id)).toEqual(['1774857660000-p0a7zz']);
    expect((await flush()).sent).toBe(0);
    expect(server.sent('j1')).toEqual([['en_route', '"3"']]);
  });

  it('keeps the old key when the move fails, so the next load moves it', async () => {
    const ws = 'ws-old-queue-broken';
    const key = `fieldplan.my-day.queue.${ws}`;
    window.localStorage.setItem(key, oldQueue(ws));
    const outbox = outboxFor(ws);
    const failing = Object.assign(Object.create(outbox), {
      adopt: () => Promise.reject(new Error('QuotaExceededError')),
    });
    await expect(adoptOldQueue(ws, failing, window.localStorage)).rejects.toThrow('QuotaExceededError');
    expect(window.localStorage.getItem(key)).toBe(oldQueue(ws));
  });
});
