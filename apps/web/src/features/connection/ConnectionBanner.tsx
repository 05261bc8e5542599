import { useAppSelector } from '../../base/hooks';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { useRealtime } from '../../realtime/realtime-context';
import { selectConnection } from '../../realtime/realtime-slice';
import { useLasted } from './ConnectionIndicator';
import { bannerGraceMs, connectionCopy, offersReconnect } from './connection-copy';
import './Connection.css';

/**
 * Under the top bar whenever live updates are not connected (after a short grace, so a page load
 * or a blip doesn't flash it), with "Reconnect" where pusher-js won't retry by itself.
 */
export function ConnectionBanner() {
  const { state, since } = useAppSelector(selectConnection);
  const { reconnect } = useRealtime();
  const lasted = useLasted(since, bannerGraceMs);
  if (state === 'off' || state === 'connected' || !lasted) return null;
  const urgent = state !== 'connecting' && state !== 'initialized';
  return (
    <div className={`connection-banner${urgent ? ' connection-banner-urgent' : ''}`} role="status" data-state={state}>
      <Icon name={urgent ? 'alert' : 'clock'} size={16} />
      <span>{connectionCopy[state].banner}</span>
      {offersReconnect(state) && (
        <Button size="sm" onClick={reconnect}>
          Reconnect
        </Button>
      )}
    </div>
  );
}
