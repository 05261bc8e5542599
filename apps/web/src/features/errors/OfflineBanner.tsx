import type { IntlShape } from 'react-intl';
import { selectQueued } from '../../base/failures-slice';
import { useAppSelector } from '../../base/hooks';
import { Icon } from '../../components/Icon';
import { Message, useIntl } from '../../lib/i18n';
import { writeLabel } from './write-labels';

function waitingText(intl: IntlShape, labels: string[]): string {
  if (labels.length === 0) return intl.formatMessage({ id: 'errors.offline.keptForLater' });
  const list =
    labels.length === 1
      ? labels[0]
      : intl.formatMessage(
          { id: 'errors.offline.listAnd' },
          { items: labels.slice(0, -1).join(', '), last: labels.at(-1) },
        );
  return intl.formatMessage({ id: 'errors.offline.waiting' }, { list, count: labels.length });
}

/**
 * The browser is offline: say so, and what is waiting to be sent. Separate from the realtime
 * connection banner (which is about live updates, not about this browser's network).
 */
export function OfflineBanner() {
  const intl = useIntl();
  const online = useAppSelector((state) => state.api.config.online);
  const queued = useAppSelector(selectQueued);
  if (online && queued.length === 0) return null;
  const labels = queued.map((q) => intl.formatMessage(writeLabel(q.endpointName)));
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <Icon name="alert" size={16} />
      <span>
        {online ? (
          <Message id="errors.offline.sending" />
        ) : (
          <strong>
            <Message id="errors.offline.title" />
          </strong>
        )}{' '}
        {waitingText(intl, labels)}
      </span>
    </div>
  );
}
