import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import { fakeFetch, json, problem } from '../../test/fake-api';
import { useStatusQueue } from './use-status-queue';

const workspaceId = 'ws-queue';
const statusRoute = `POST /workspaces/${workspaceId}/jobs/j1/status`;

function renderQueue(answer: () => Response) {
  const fetch = fakeFetch({ [statusRoute]: answer, [`GET /workspaces/${workspaceId}/my-day`]: json({}) });
  const store = makeStore({ fetchFn: fetch, onUnauthenticated: () => {} });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return { ...renderHook(() => useStatusQueue(workspaceId), { wrapper }), fetch };
}

/** Queues the change once the opening flush (of an empty queue) is over, and sends it. */
async function addAndSend(queue: ReturnType<typeof useStatusQueue>['add'], flush: () => Promise<unknown>) {
  await act(async () => {});
  await act(async () => {
    queue(change);
    await flush();
  });
}

const change = {
  workspaceId,
  jobId: 'j1',
  visitId: 'j1',
  occurrence: null,
  version: 3,
  status: 'en_route' as const,
};

describe('the my-day queue and a server that is down', () => {
  afterEach(() => window.localStorage.clear());

  it.each([
    ['a 500', 500],
    ['a 503 from the database being down', 503],
    ['a 507', 507],
  ])('keeps the change queued, not refused, after %s', async (_name, status) => {
    const { result, fetch } = renderQueue(() =>
      status === 503
        ? problem('unavailable', 'The database is busy or not answering', { retryAfter: 5 })
        : json({ code: 'internal', status, title: 'x', type: 'x', detail: 'Something went wrong' }, status),
    );
    await addAndSend(result.current.add, () => result.current.flush());
    expect(fetch.callsTo(statusRoute).length).toBeGreaterThan(0);
    expect(result.current.changes).toHaveLength(1);
    expect(result.current.changes[0]?.failure).toBeUndefined();
  });

  it('still marks a 412 as refused (a real answer, not a fault)', async () => {
    const { result } = renderQueue(() => problem('version_conflict', 'Someone else changed this'));
    await addAndSend(result.current.add, () => result.current.flush());
    expect(result.current.changes[0]?.failure?.code).toBe('version_conflict');
  });
});
