import { can } from '@fieldplan/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { type SharingStatus, selectSharing, sharingStarted, sharingStopped } from '../locations/sharing-slice';
import { useWorkspace } from '../workspace/use-workspace';

const statusText: Record<SharingStatus, string> = {
  off: 'Off: turn on while you are on shift',
  locating: 'Finding your position…',
  sharing: 'On: your dispatcher and your customer en route see you',
  denied: 'The browser refused your location: allow it in the site settings',
  unsupported: 'This browser can’t share its location',
  failing: 'Can’t send your position right now — retrying',
};

/** The share-location switch (the same state as the user menu's), always in view on my day. */
export function SharingSwitch() {
  const { workspaceId, role } = useWorkspace();
  const sharing = useAppSelector(selectSharing);
  const dispatch = useAppDispatch();
  if (!can(role, 'locations.share')) return null;
  const on = sharing.workspaceId === workspaceId;
  const status: SharingStatus = on ? sharing.status : sharing.workspaceId ? 'off' : sharing.status;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      className="myday-share"
      onClick={() => dispatch(on ? sharingStopped() : sharingStarted(workspaceId))}
    >
      <span className="myday-share-text">
        <span className="myday-share-title">Share my location</span>
        <span className="myday-share-status">{statusText[status]}</span>
      </span>
      <span className={`share-switch myday-switch${on ? ' share-switch-on' : ''}`} aria-hidden="true" />
    </button>
  );
}
