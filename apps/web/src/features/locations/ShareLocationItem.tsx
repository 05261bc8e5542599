import { defineMessages } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { Icon } from '../../components/Icon';
import { Message, useIntl } from '../../lib/i18n';
import { stopSharing } from './sharing-actions';
import { selectSharing } from './sharing-slice';
import { sharingStatusMessages, useSharingSwitch } from './use-sharing-switch';
import './Locations.css';

const statusMessages = sharingStatusMessages(
  defineMessages({
    off: { id: 'locations.shareItem.off' },
    sharing: { id: 'locations.shareItem.sharing' },
  }),
);

/** "Share my location": a switch in the user menu for everyone who may share (not viewers). */
export function ShareLocationItem() {
  const sharing = useSharingSwitch();
  if (!sharing) return null;
  const { on, status, toggle } = sharing;
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={on}
      tabIndex={-1}
      className="menu-item share-item"
      onClick={toggle}
    >
      <Icon name="compass" />
      <span className="share-item-text">
        <span>
          <Message id="locations.shareItem.title" />
        </span>
        <span className="share-item-status">
          <Message {...statusMessages[status]} />
        </span>
      </span>
      <span className={`share-switch${on ? ' share-switch-on' : ''}`} aria-hidden="true" />
    </button>
  );
}

/** In the top bar while your location is being shared; a click stops it. */
export function SharingBadge() {
  const intl = useIntl();
  const sharing = useAppSelector(selectSharing);
  const dispatch = useAppDispatch();
  if (!sharing.workspaceId) return null;
  return (
    <button
      type="button"
      className="sharing-badge"
      onClick={() => dispatch(stopSharing())}
      title={intl.formatMessage({ id: 'locations.badge.title' })}
    >
      <span className="sharing-badge-dot" aria-hidden="true" />
      <span className="sharing-badge-label">
        <Message id="locations.badge.label" />
      </span>
      <span className="visually-hidden">
        <Message id="locations.badge.stop" />
      </span>
    </button>
  );
}
