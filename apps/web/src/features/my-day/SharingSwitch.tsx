import type { SharingStatus } from '../locations';
import { sharingProblemText, useSharingSwitch } from '../locations';

const statusText: Record<SharingStatus, string> = {
  off: 'Off: turn on while you are on shift',
  sharing: 'On: your dispatcher and your customer en route see you',
  ...sharingProblemText,
};

/** The share-location switch (the same state as the user menu's), always in view on my day. */
export function SharingSwitch() {
  const sharing = useSharingSwitch();
  if (!sharing) return null;
  const { on, status, toggle } = sharing;
  return (
    <button type="button" role="switch" aria-checked={on} className="myday-share" onClick={toggle}>
      <span className="myday-share-text">
        <span className="myday-share-title">Share my location</span>
        <span className="myday-share-status">{statusText[status]}</span>
      </span>
      <span className={`share-switch myday-switch${on ? ' share-switch-on' : ''}`} aria-hidden="true" />
    </button>
  );
}
