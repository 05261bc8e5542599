import { outboxKind } from '../../base/outbox';
import { t } from '../../lib/i18n';
import { adoptOldQueue } from './old-queue';
import { type StatusChange, statusKind, statusSender } from './status-outbox';

/** My day's status changes in the workspace's outbox (app/outbox-kinds.ts registers it). */
export const statusOutboxKind = outboxKind<StatusChange>({
  nouns: {
    // Read when the words are shown, so they are in the page's language then.
    get [statusKind]() {
      return {
        one: t({ id: 'myDay.outbox.statusChange' }),
        many: t({ id: 'myDay.outbox.statusChanges' }),
      };
    },
  },
  sender: statusSender,
  adopt: (workspaceId, outbox) => adoptOldQueue(workspaceId, outbox, window.localStorage),
});
