import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useAppDispatch } from '../../base/hooks';
import { describeWaiting } from '../../base/outbox';
import {
  groupOf,
  type RecordItem,
  type RecordWrite,
  recordOutboxFor,
  recordSender,
  waitingCounts,
} from './record-outbox';

/** While something waits and the browser says it is online, try again this often (a server that was down). */
const retryMs = 20_000;

/**
 * The work record's outbox for a screen: its items, `add` (stored first, then sent), `remove` (a
 * refused item), and a flush on opening, on the `online` event and every 20 s while items wait.
 */
export function useRecordOutbox(workspaceId: string) {
  const outbox = recordOutboxFor(workspaceId);
  const items = useSyncExternalStore(outbox.subscribe, outbox.list);
  const dispatch = useAppDispatch();
  const send = useMemo(() => recordSender(dispatch), [dispatch]);
  const flush = useCallback(() => outbox.flush(send), [outbox, send]);
  const waiting = items.some((i) => !i.failure);

  useEffect(() => {
    // No IndexedDB (a locked-down private window): the page still shows the record; writes will say so.
    outbox.ready.then(flush).catch(() => undefined);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [outbox, flush]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, retryMs);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  const add = useCallback(
    async (write: RecordWrite, subject: string, options: { id?: string; baseVersion?: number } = {}) => {
      const visit = write.type === 'photo' ? write.upload.visit : write.visit;
      // Asks the browser not to evict the outbox under storage pressure (granted or not, nothing else changes).
      void navigator.storage?.persist?.().catch(() => false);
      await outbox.add({
        id: options.id ?? crypto.randomUUID(),
        group: groupOf(visit),
        subject,
        kind: write.type,
        payload: write,
        ...(options.baseVersion === undefined ? {} : { baseVersion: options.baseVersion }),
      });
      void flush();
    },
    [outbox, flush],
  );

  return {
    items,
    add,
    update: (id: string, change: (item: RecordItem) => RecordItem) => outbox.update(id, change),
    remove: (id: string) => outbox.remove(id),
    flush,
  };
}

/** "3 photos and 1 note waiting to upload", or null when nothing waits. */
export function waitingSentence(items: readonly RecordItem[]): string | null {
  const words = describeWaiting(waitingCounts(items));
  return words ? `${words} waiting to upload` : null;
}
