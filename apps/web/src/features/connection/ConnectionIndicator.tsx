import { useEffect, useState } from 'react';
import { useAppSelector } from '../../base/hooks';
import { useIntl } from '../../lib/i18n';
import { selectConnection } from '../../realtime/realtime-slice';
import { connectionCopy } from './connection-copy';
import './Connection.css';

/** The quiet dot in the top bar: the realtime connection's state, always (nothing when realtime is off). */
export function ConnectionIndicator() {
  const intl = useIntl();
  const { state } = useAppSelector(selectConnection);
  if (state === 'off') return null;
  const label = intl.formatMessage(connectionCopy[state].label);
  const name = intl.formatMessage({ id: 'connection.indicator.label' }, { state: label });
  return (
    <span className={`connection-dot connection-${state}`} data-state={state} role="img" aria-label={name} title={name}>
      <span className="connection-dot-mark" aria-hidden="true" />
      <span className="connection-dot-label">{label}</span>
    </span>
  );
}

/** True once `state` has lasted `ms` (a state that comes and goes sooner never counts). */
export function useLasted(since: number, ms: number): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = since + ms - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left);
    return () => clearTimeout(timer);
  }, [since, ms]);
  return Math.max(now, Date.now()) - since >= ms;
}
