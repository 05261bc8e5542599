import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useAppDispatch } from '../hooks';
import { flushOutbox, outboxFor } from './device';
import type { OutboxItem } from './outbox';

/** While something waits and the browser says it is online, try again this often (a server that was down). */
const retryMs = 20_000;

/** A write to keep: its `id` (the idempotency key) is made here unless given. */
export type NewItem<P> = Omit<OutboxItem<P>, 'id' | 'seq' | 'scope' | 'createdAt'> & { id?: string };

/**
 * The workspace's one outbox for a screen: every waiting item of every kind, `add` (stored first,
 * then sent), `remove` (a refused item), and a flush on opening, on the `online` event and every 20 s
 * while items wait.
 */
export function useOutbox(workspaceId: string) {
  const outbox = outboxFor(workspaceId);
  const items = useSyncExternalStore(outbox.subscribe, outbox.list);
  const dispatch = useAppDispatch();
  // No IndexedDB (a locked-down private window): the screen still shows what it loaded; writes will say so.
  const flush = useCallback(() => flushOutbox(workspaceId, dispatch).catch(() => null), [workspaceId, dispatch]);
  const waiting = items.some((i) => !i.failure);

  useEffect(() => {
    void flush();
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flush]);

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, retryMs);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  const add = useCallback(
    async <P>(item: NewItem<P>) => {
      // Asks the browser not to evict the outbox under storage pressure (granted or not, nothing else changes).
      void navigator.storage?.persist?.().catch(() => false);
      const stored = await outbox.add({ ...item, id: item.id ?? crypto.randomUUID() });
      void flush();
      return stored as OutboxItem<P>;
    },
    [outbox, flush],
  );
  const update = useCallback(
    <P>(id: string, change: (item: OutboxItem<P>) => OutboxItem<P>) =>
      outbox.update(id, change as unknown as (item: OutboxItem) => OutboxItem),
    [outbox],
  );
  const remove = useCallback((id: string) => outbox.remove(id), [outbox]);

  return { items, add, update, remove, flush };
}
