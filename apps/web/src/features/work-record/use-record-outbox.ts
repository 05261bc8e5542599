import { useCallback, useMemo } from 'react';
import { describeItems, useOutbox } from '../../base/outbox';
import { t } from '../../lib/i18n';
import { groupOf, type RecordItem, type RecordWrite, recordItems, recordNouns, visitOf } from './record-outbox';

/**
 * The work record's writes in the workspace's outbox, for a screen: its items, `add` (stored first,
 * then sent with everything else waiting, status changes included, in the order made), `update`,
 * `remove` (a refused item) and `flush`.
 */
export function useRecordOutbox(workspaceId: string) {
  const outbox = useOutbox(workspaceId);
  const { add: keep, update: change, remove, flush } = outbox;
  const items = useMemo(() => recordItems(outbox.items), [outbox.items]);

  const add = useCallback(
    async (write: RecordWrite, subject: string, options: { id?: string; baseVersion?: number } = {}) => {
      await keep<RecordWrite>({
        ...(options.id === undefined ? {} : { id: options.id }),
        group: groupOf(visitOf(write)),
        subject,
        kind: write.type,
        payload: write,
        ...(options.baseVersion === undefined ? {} : { baseVersion: options.baseVersion }),
      });
    },
    [keep],
  );
  const update = useCallback(
    (id: string, edit: (item: RecordItem) => RecordItem) => change<RecordWrite>(id, edit),
    [change],
  );

  return { items, add, update, remove, flush };
}

/** "3 photos and 1 note waiting to upload", or null when nothing waits. */
export function waitingSentence(items: readonly RecordItem[]): string | null {
  const words = describeItems(items, recordNouns);
  return words ? t({ id: 'workRecord.page.waiting' }, { words }) : null;
}
