// The outbox in IndexedDB (fake-indexeddb, as base/outbox's own tests), with every kind registered as at start-up.
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxKinds } from '../../app/outbox-kinds';
import { makeStore } from '../../app/store';
import { registerOutboxKinds } from '../../base/outbox';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { useStatusQueue } from './use-status-queue';

beforeAll(() => registerOutboxKinds(outboxKinds));

let workspaces = 0;

/** The hook on a fresh workspace (the page keeps one outbox per workspace), its status route answering `answer`. */
function renderQueue(answer: () => Response) {
  const workspaceId = `ws-queue-${++workspaces}`;
  const statusRoute = `POST /workspaces/${workspaceId}/jobs/j1/status`;
  const fetch = fakeFetch({ [statusRoute]: answer, [`GET /workspaces/${workspaceId}/my-day`]: json({}) });
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  const view = renderHook(() => useStatusQueue(workspaceId), { wrapper });
  const change = {
    workspaceId,
    jobId: 'j1',
    visitId: 'j1',
    occurrence: null,
    version: 3,
    status: 'en_route' as const,
  };
  /** Keeps the change, waits until it is in the outbox, and sends what waits. */
  const addAndSend = async () => {
    act(() => view.result.current.add(change));
    await waitFor(() => expect(view.result.current.changes).toHaveLength(1));
    await act(async () => {
      await view.result.current.flush();
    });
  };
  return { ...view, fetch, statusRoute, addAndSend };
}

describe('the my-day queue and a server that is down', () => {
  it.each([
    ['a 500', 500],
    ['a 503 from the database being down', 503],
    ['a 507', 507],
  ])('keeps the change queued, not refused, after %s', async (_name, status) => {
    const { result, fetch, statusRoute, addAndSend } = renderQueue(() =>
      status === 503
        ? problem('unavailable', 'The database is busy or not answering', { retryAfter: 5 })
        : json({ code: 'internal', status, title: 'x', type: 'x', detail: 'Something went wrong' }, status),
    );
    await addAndSend();
    expect(fetch.callsTo(statusRoute).length).toBeGreaterThan(0);
    expect(result.current.changes).toHaveLength(1);
    expect(result.current.changes[0]?.failure).toBeUndefined();
    expect(result.current.waiting).toBe('1 status change');
  });

  it('still marks a 412 as refused (a real answer, not a fault), and it no longer counts as waiting', async () => {
    const { result, addAndSend } = renderQueue(() => problem('version_conflict', 'Someone else changed this'));
    await addAndSend();
    await waitFor(() => expect(result.current.changes[0]?.failure?.code).toBe('version_conflict'));
    expect(result.current.waiting).toBe('');
    act(() => result.current.dismiss(result.current.changes[0]?.id ?? ''));
    await waitFor(() => expect(result.current.changes).toEqual([]));
  });
});
