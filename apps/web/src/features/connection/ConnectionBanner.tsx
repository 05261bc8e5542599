import { useAppSelector } from '../../base/hooks';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { Message, useIntl } from '../../lib/i18n';
import { useRealtime } from '../../realtime/realtime-context';
import { selectConnection } from '../../realtime/realtime-slice';
import { useLasted } from './ConnectionIndicator';
import { bannerGraceMs, connectionCopy, isOutage, offersReconnect, showsBanner } from './connection-copy';
import './Connection.css';

/**
 * Under the top bar whenever live updates are down — together with the dot turning red — and while
 * connecting takes longer than a moment (a page load or a quick reconnect doesn't flash it), with
 * "Reconnect" where pusher-js won't retry by itself.
 */
export function ConnectionBanner() {
  const intl = useIntl();
  const { state, since } = useAppSelector(selectConnection);
  const { reconnect } = useRealtime();
  const lasted = useLasted(since, bannerGraceMs);
  if (!showsBanner(state, lasted)) return null;
  const urgent = isOutage(state);
  const { banner } = connectionCopy[state];
  return (
    <div className={`connection-banner${urgent ? ' connection-banner-urgent' : ''}`} role="status" data-state={state}>
      <Icon name={urgent ? 'alert' : 'clock'} size={16} />
      <span>{banner && intl.formatMessage(banner)}</span>
      {offersReconnect(state) && (
        <Button size="sm" onClick={reconnect}>
          <Message id="connection.reconnect" />
        </Button>
      )}
    </div>
  );
}
