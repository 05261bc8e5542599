import { useCallback, useMemo } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { describeOutbox, useOutbox } from '../../base/outbox';
import { jobMutations } from '../../entities/job/mutations';
import { latestVersion, queuedChanges, type StatusChange, statusItem } from './status-outbox';

/**
 * My day's status changes: kept in the workspace's outbox first (with the work record's writes, in
 * the order made), sent whenever the browser is online, refusals kept on their visit until dismissed.
 * `waiting` says what waits to be sent of every kind ("2 status changes and 1 photo").
 */
export function useStatusQueue(workspaceId: string) {
  const { items, add: keep, remove, flush } = useOutbox(workspaceId);
  const changes = useMemo(() => queuedChanges(items), [items]);
  const waiting = useMemo(() => describeOutbox(items), [items]);
  const dispatch = useAppDispatch();

  const add = useCallback(
    (change: StatusChange & { version: number }) => {
      const { version, ...rest } = change;
      const basedOn = latestVersion(rest.jobId, version);
      keep(statusItem(rest, basedOn)).catch(() => {
        // Nowhere to keep it (no IndexedDB in this browser): sent at once, like any other write.
        const { workspaceId, jobId, occurrence, status } = rest;
        const args = { workspaceId, id: jobId, version: basedOn, occurrence, status };
        void dispatch(jobMutations.endpoints.changeJobStatus.initiate(args));
      });
    },
    [keep, dispatch],
  );
  const dismiss = useCallback((id: string) => void remove(id), [remove]);

  return { changes, waiting, add, dismiss, flush };
}
