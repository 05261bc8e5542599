// The outbox in IndexedDB (fake-indexeddb, as base/outbox's own tests), with every kind registered as at start-up.
import 'fake-indexeddb/auto';
import type { JobStatus } from '@fieldplan/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxKinds } from '../../app/outbox-kinds';
import { makeStore } from '../../app/store';
import { flushOutbox, outboxFor, registerOutboxKinds } from '../../base/outbox';
import { fakeStatusServer } from './fake-status-server';
import { latestVersion, pendingStatus, queuedChanges, type StatusChange, statusItem } from './status-outbox';

beforeAll(() => registerOutboxKinds(outboxKinds));

let workspaces = 0;
/** A workspace of its own for each test: the page keeps one outbox per workspace. */
const newWorkspace = () => `ws-status-${++workspaces}`;

/** The status route of some jobs, and a flush of the workspace's outbox against it. */
function statusServer(
  ws: string,
  versions: Record<string, number>,
  options: Parameters<typeof fakeStatusServer>[2] = {},
) {
  const server = fakeStatusServer(ws, versions, options);
  const store = makeStore({ fetchFn: server.fetch, onUnauthenticated: () => {} });
  return { ...server, flush: () => flushOutbox(ws, store.dispatch) };
}

const change = (ws: string, jobId: string, status: JobStatus): StatusChange => ({
  workspaceId: ws,
  jobId,
  visitId: jobId,
  occurrence: null,
  status,
});

describe('status changes in the outbox', () => {
  it('sends two changes of one job in order, the second with the version the first produced', async () => {
    const ws = newWorkspace();
    const outbox = outboxFor(ws);
    await outbox.add({ id: 'a', ...statusItem(change(ws, 'j1', 'en_route'), 3) });
    await outbox.add({ id: 'b', ...statusItem(change(ws, 'j1', 'in_progress'), 3) });
    expect(pendingStatus(queuedChanges(outbox.list()), 'j1')).toBe('in_progress');
    const server = statusServer(ws, { j1: 3 });
    expect(await server.flush()).toEqual({ sent: 2, refused: 0, held: 0, offline: false });
    expect(server.sent('j1')).toEqual([
      ['en_route', '"3"'],
      ['in_progress', '"4"'],
    ]);
    expect(outbox.list()).toEqual([]);
    // The screen may still show version 3 when the technician taps again: the tap goes with 5.
    expect(latestVersion('j1', 3)).toBe(5);
  });

  it('keeps a refused change on its visit, blocks the later ones of that job, and sends other jobs', async () => {
    const ws = newWorkspace();
    const outbox = outboxFor(ws);
    await outbox.add({ id: crypto.randomUUID(), ...statusItem(change(ws, 'j1', 'en_route'), 3) });
    await outbox.add({ id: crypto.randomUUID(), ...statusItem(change(ws, 'j1', 'in_progress'), 3) });
    await outbox.add({ id: crypto.randomUUID(), ...statusItem(change(ws, 'j2', 'en_route'), 7) });
    // Someone else changed j1 meanwhile: its version is 5 now.
    const server = statusServer(ws, { j1: 5, j2: 7 });
    expect(await server.flush()).toEqual({ sent: 1, refused: 2, held: 0, offline: false });
    const left = queuedChanges(outbox.list());
    expect(left.map((c) => [c.status, c.failure?.code])).toEqual([
      ['en_route', 'version_conflict'],
      ['in_progress', 'blocked'],
    ]);
    expect(left[0]?.failure?.message).toContain('someone else changed this job first');
    // The refused ones no longer count as waiting; dismissing clears them.
    expect(pendingStatus(left, 'j1')).toBeNull();
    for (const c of left) await outbox.remove(c.id);
    expect(outbox.list()).toEqual([]);
  });

  it('a replay of a change the server made but whose answer was lost counts as sent, not refused', async () => {
    const ws = newWorkspace();
    const outbox = outboxFor(ws);
    await outbox.add({ id: crypto.randomUUID(), ...statusItem(change(ws, 'j1', 'en_route'), 3) });
    await outbox.add({ id: crypto.randomUUID(), ...statusItem(change(ws, 'j1', 'in_progress'), 3) });
    const server = statusServer(ws, { j1: 3 }, { lose: 1 });
    // The first went through, but its answer never came: kept, as if offline.
    expect(await server.flush()).toMatchObject({ sent: 0, offline: true });
    expect(outbox.list()).toHaveLength(2);
    // Sent again: the server refuses the stale If-Match (nothing happens twice), and the phone sees
    // the job one version on at the status it sent — done; the next change goes on top of it.
    expect(await server.flush()).toEqual({ sent: 2, refused: 0, held: 0, offline: false });
    expect(server.sent('j1')).toEqual([
      ['en_route', '"3"'],
      ['en_route', '"3"'],
      ['in_progress', '"4"'],
    ]);
    expect(server.statuses.j1).toBe('in_progress');
    expect(server.versions.j1).toBe(5);
  });

  it('a change the phone made after the visit’s record writes goes after them, in one order', async () => {
    const ws = newWorkspace();
    const outbox = outboxFor(ws);
    const visit = { workspaceId: ws, jobId: 'j1', occurrence: null };
    await outbox.add({
      id: 'answers-1',
      kind: 'answers',
      group: 'j1|',
      subject: 'checklist:t1',
      payload: { type: 'answers', visit, templateId: 't1', answers: { i1: true } },
    });
    await outbox.add({ id: crypto.randomUUID(), ...statusItem(change(ws, 'j1', 'completed'), 3) });
    const answers = `PUT /workspaces/${ws}/jobs/j1/checklists/t1/answers`;
    const checklist = { templateId: 't1', name: 'Boiler', items: [], answers: {}, signature: 'optional', version: 1 };
    const server = statusServer(ws, { j1: 3 }, { routes: { [answers]: checklist } });
    expect((await server.flush()).sent).toBe(2);
    expect(server.fetch.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      answers,
      `POST /workspaces/${ws}/jobs/j1/status`,
    ]);
    expect(server.statuses.j1).toBe('completed');
  });
});
