import { can } from '@fieldplan/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Icon } from '../../components/Icon';
import { useWorkspace } from '../workspace/use-workspace';
import { type SharingStatus, selectSharing, sharingStarted, sharingStopped } from './sharing-slice';
import './Locations.css';

const statusText: Record<SharingStatus, string> = {
  off: 'Dispatchers see you on the map while on',
  locating: 'Finding your position…',
  sharing: 'On: dispatchers see you on the map',
  denied: 'The browser refused your location: allow it in the site settings',
  unsupported: 'This browser can’t share its location',
  failing: 'Can’t send your position right now — retrying',
};

/** "Share my location": a switch in the user menu for everyone who may share (not viewers). */
export function ShareLocationItem() {
  const { workspaceId, role } = useWorkspace();
  const sharing = useAppSelector(selectSharing);
  const dispatch = useAppDispatch();
  if (!can(role, 'locations.share')) return null;
  const on = sharing.workspaceId === workspaceId;
  const status: SharingStatus = on ? sharing.status : sharing.workspaceId ? 'off' : sharing.status;
  return (
    <button
      type="button"
      role="menuitemcheckbox"
      aria-checked={on}
      tabIndex={-1}
      className="menu-item share-item"
      onClick={() => dispatch(on ? sharingStopped() : sharingStarted(workspaceId))}
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
      onClick={() => dispatch(sharingStopped())}
      title="Your location is being shared. Click to stop."
    >
      <span className="sharing-badge-dot" aria-hidden="true" />
      Sharing location
      <span className="visually-hidden">: stop</span>
    </button>
  );
}
