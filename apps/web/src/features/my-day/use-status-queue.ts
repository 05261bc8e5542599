import type { Problem } from '@fieldplan/shared';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { api } from '../../base/api';
import { useAppDispatch } from '../../base/hooks';
import { jobMutations } from '../../entities/job/mutations';
import { toProblem } from '../../lib/problem';
import { flushRecordOutbox } from '../work-record';
import { myDayTag } from './endpoints';
import { markSent } from './live';
import { type QueuedChange, type SendResult, StatusQueue } from './offline-queue';

const queues = new Map<string, StatusQueue>();

/** The workspace's queue on this device (one instance per page, so every screen sees the same). */
export function queueFor(workspaceId: string): StatusQueue {
  let queue = queues.get(workspaceId);
  if (!queue) {
    queue = new StatusQueue(window.localStorage, `fieldplan.my-day.queue.${workspaceId}`);
    queues.set(workspaceId, queue);
  }
  return queue;
}

/** What the technician reads when the server refused a queued change. */
export function refusalMessage(problem: Problem): string {
  switch (problem.code) {
    case 'version_conflict':
      return 'Not sent: someone else changed this job first. Check it and try again.';
    case 'not_found':
      return 'Not sent: this job no longer exists.';
    case 'forbidden':
      return 'Not sent: this job is no longer yours (it was given to someone else). Ask your dispatcher.';
    default:
      return `Not sent: ${problem.detail}`;
  }
}

/**
 * My day's status changes: queued on this phone first, sent in order whenever the browser is online
 * (now, on the `online` event, on opening the page), refusals kept on their visit until dismissed.
 */
export function useStatusQueue(workspaceId: string) {
  const queue = queueFor(workspaceId);
  const changes = useSyncExternalStore(queue.subscribe, queue.list);
  const dispatch = useAppDispatch();

  const send = useCallback(
    async (change: QueuedChange): Promise<SendResult> => {
      if (!navigator.onLine) return { kind: 'offline' };
      const request = dispatch(
        jobMutations.endpoints.changeJobStatus.initiate({
          workspaceId: change.workspaceId,
          id: change.jobId,
          version: change.version,
          occurrence: change.occurrence,
          status: change.status,
        }),
      );
      try {
        const job = await request.unwrap();
        dispatch(markSent(change, job.version));
        return { kind: 'sent', version: job.version };
      } catch (error) {
        const problem = toProblem(error);
        // No answer at all (status 0) or any 5xx — a fault of the server (its database down, a restart,
        // a proxy with no upstream), not a verdict on the change: keep it and try again later.
        if (problem.status === 0 || problem.status >= 500) {
          return { kind: 'offline' };
        }
        return { kind: 'refused', code: problem.code, message: refusalMessage(problem) };
      }
    },
    [dispatch],
  );

  const flush = useCallback(async () => {
    // The visit's record first: completing is refused while a required answer is still on the phone.
    await flushRecordOutbox(workspaceId, dispatch);
    const result = await queue.flush(send);
    if (result.sent > 0 || result.refused > 0) dispatch(api.util.invalidateTags([myDayTag]));
    return result;
  }, [queue, send, dispatch, workspaceId]);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith('fieldplan.my-day.queue.')) queue.reload();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('storage', onStorage);
    };
  }, [flush, queue]);

  const add = useCallback(
    (change: Omit<QueuedChange, 'id' | 'queuedAt'>) => {
      queue.add(change);
      void flush();
    },
    [queue, flush],
  );

  return { changes, add, dismiss: (id: string) => queue.dismiss(id), flush };
}
