import { outboxKind } from '../../base/outbox';
import { adoptOldQueue } from './old-queue';
import { type StatusChange, statusKind, statusSender } from './status-outbox';

/** My day's status changes in the workspace's outbox (app/outbox-kinds.ts registers it). */
export const statusOutboxKind = outboxKind<StatusChange>({
  nouns: { [statusKind]: { one: 'status change', many: 'status changes' } },
  sender: statusSender,
  adopt: (workspaceId, outbox) => adoptOldQueue(workspaceId, outbox, window.localStorage),
});
