import { useAppDispatch, useAppSelector } from '../../base/hooks';
import { Icon } from '../../components/Icon';
import { stopSharing } from './sharing-actions';
import { type SharingStatus, selectSharing } from './sharing-slice';
import { sharingProblemText, useSharingSwitch } from './use-sharing-switch';
import './Locations.css';

const statusText: Record<SharingStatus, string> = {
  off: 'Dispatchers see you on the map while on',
  sharing: 'On: dispatchers see you on the map',
  ...sharingProblemText,
};

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
        <span>Share my location</span>
        <span className="share-item-status">{statusText[status]}</span>
      </span>
      <span className={`share-switch${on ? ' share-switch-on' : ''}`} aria-hidden="true" />
    </button>
  );
}

/** In the top bar while your location is being shared; a click stops it. */
export function SharingBadge() {
  const sharing = useAppSelector(selectSharing);
  const dispatch = useAppDispatch();
  if (!sharing.workspaceId) return null;
  return (
    <button
      type="button"
      className="sharing-badge"
      onClick={() => dispatch(stopSharing())}
      title="Your location is being shared. Click to stop."
    >
      <span className="sharing-badge-dot" aria-hidden="true" />
      <span className="sharing-badge-label">Sharing location</span>
      <span className="visually-hidden">: stop</span>
    </button>
  );
}
