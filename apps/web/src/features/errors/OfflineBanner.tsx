import { selectQueued, writeLabel } from '../../base/failures-slice';
import { useAppSelector } from '../../base/hooks';
import { Icon } from '../../components/Icon';

function waitingText(labels: string[]): string {
  if (labels.length === 0) return "Changes you make now are kept and sent when you're back online.";
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`;
  return `Waiting to send ${list}; ${labels.length === 1 ? 'it goes' : 'they go'} out when you're back online.`;
}

/**
 * The browser is offline: say so, and what is waiting to be sent. Separate from the realtime
 * connection banner (which is about live updates, not about this browser's network).
 */
export function OfflineBanner() {
  const online = useAppSelector((state) => state.api.config.online);
  const queued = useAppSelector(selectQueued);
  if (online && queued.length === 0) return null;
  const labels = queued.map((q) => writeLabel(q.endpointName));
  return (
    <div className="offline-banner" role="status" data-testid="offline-banner">
      <Icon name="alert" size={16} />
      <span>
        {online ? 'Sending the changes that were waiting…' : <strong>You're offline.</strong>} {waitingText(labels)}
      </span>
    </div>
  );
}
